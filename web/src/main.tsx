import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "react-error-boundary";
import { BrowserRouter, matchRoutes, useRoutes } from "react-router";
import { AppProvider } from "./app/provider";
import { RootErrorPage } from "./app/RouteErrorPage";
import { type RouteHandle, routes } from "./app/router";
import "./styles.css";

// zod would probe whether it may compile validators with `new Function`; the shop's
// Content-Security-Policy forbids eval, so the probe would be reported as a violation. This is
// `z.config({ jitless: true })` without importing zod into the first page's code (4 kB gzipped):
// zod keeps its config in this global and adopts one set before it loads. Interpreted validators
// are fast enough for forms. The browser tests fail on any violation, so they would tell.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

function App() {
  return useRoutes(routes);
}

function render(root: HTMLElement) {
  // As a transition, React renders the first page in slices and lets the browser breathe between
  // them, instead of one long task that keeps a phone from answering a tap.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <ErrorBoundary FallbackComponent={RootErrorPage}>
          <AppProvider>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </AppProvider>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
}

// The first page's code is on its way (index.html preloads the landing pages' chunks and draws the
// top bar meanwhile): render once it is in, rather than the loading shell first and the whole page
// again a moment later. A chunk that fails to load is the page's error boundary's to show.
// Not a top-level await: pages' chunks import from this one.
const firstPage = matchRoutes(routes, window.location) ?? [];
void Promise.allSettled(
  firstPage.map((match) => (match.route.handle as RouteHandle | undefined)?.preload()),
).then(() => render(container));
