import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./app/query-client";
import { preloadPagesAt } from "./app/router";
import { Pages, Shop } from "./app/Shop";
import { leaveSiteMetaToTheApp } from "./components/PageMeta";
import { loadDeferredParts } from "./lib/lazy-near-viewport";
import {
  pageDataElementId,
  type RenderedPageData,
  setHydratingRenderedPage,
  setPageRenderedFor,
  setPageRenderedOn,
} from "./lib/rendered-page";
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

/** The data a server-rendered page carries (server/web/public-pages.ts). */
function readPageData(): RenderedPageData | undefined {
  const element = document.getElementById(pageDataElementId);
  return element?.textContent ? (JSON.parse(element.textContent) as RenderedPageData) : undefined;
}

/**
 * Parts below the fold keep their server HTML until the visitor comes near (lazy-near-viewport.ts).
 * A navigation re-renders everything under the router, and React holds it until such HTML has
 * hydrated: before the address changes (a link, a redirect, Back), the parts still waiting load.
 */
function loadDeferredPartsOnNavigation() {
  for (const method of ["pushState", "replaceState"] as const) {
    const change = history[method].bind(history);
    history[method] = (data, unused, url) => {
      if (url != null && new URL(url, location.href).href !== location.href) loadDeferredParts();
      change(data, unused, url);
    };
  }
  addEventListener("popstate", loadDeferredParts);
}

function start(root: HTMLElement, pageData: RenderedPageData | undefined) {
  const queryClient = createQueryClient();
  leaveSiteMetaToTheApp();
  const app = (
    <Shop queryClient={queryClient}>
      <BrowserRouter>
        <Pages />
      </BrowserRouter>
    </Shop>
  );
  if (pageData) {
    // Its answers were current when the page was sent (the server drops a page the moment what it
    // shows changes), so they count as fetched now: the app does not ask again for what it shows.
    for (const { queryKey, data } of pageData.queries) queryClient.setQueryData(queryKey, data);
    setPageRenderedOn(pageData.today);
    setPageRenderedFor(pageData.origin);
    loadDeferredPartsOnNavigation();
    // The server's page is painted first, then taken over: hydrating is a long piece of work that
    // would otherwise hold back the first paint of a page that is already there to read. As a
    // transition, hydration runs in slices that let the browser answer input between them.
    requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0));
    return;
  }
  // As a transition, React renders the first page in slices and lets the browser breathe between
  // them, instead of one long task that keeps a phone from answering a tap.
  startTransition(() => createRoot(root).render(app));
}

// The first page's code is on its way (index.html preloads the landing pages' chunks): render (or
// hydrate the server's page) once it is in, rather than the loading shell first and the whole page
// again a moment later. A chunk that fails to load is the page's error boundary's to show.
// A server-rendered page's parts below its first screen may come after it (HomePage.tsx).
// Not a top-level await: pages' chunks import from this one.
const pageData = readPageData();
setHydratingRenderedPage(pageData !== undefined);
void preloadPagesAt(window.location).then(() => {
  setHydratingRenderedPage(false);
  start(container, pageData);
});
