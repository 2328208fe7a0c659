import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProvider } from "./app/provider";
import { router } from "./app/router";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

function render(root: HTMLElement) {
  // As a transition, React renders the first page in slices and lets the browser breathe between
  // them, instead of one long task that keeps a phone from answering a tap.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

// The first page's code is on its way (index.html preloads the home page's and shows the top bar
// meanwhile): render once it is in, rather than the loading shell first and the whole page again a
// moment later. Not a top-level await: pages' chunks import from this one.
if (router.state.initialized) {
  render(container);
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render(container);
  });
}
