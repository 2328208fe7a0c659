import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { pageRenderedOn } from "./rendered-page";

/** The parts still waiting to come near, each with what loads it. */
const waiting = new Set<() => void>();

/**
 * Loads every part still waiting to come near. A navigation re-renders everything under the router,
 * those parts included, and React holds a navigation until the server HTML it would update has
 * hydrated: main.tsx calls this at the visitor's first input, before any navigation can start.
 */
export function loadDeferredParts(): void {
  for (const load of [...waiting]) load();
}

/** Resolves once the element with id `anchorId` comes within `margin` of the viewport. */
function nearViewport(anchorId: string, margin: string): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolveNear) => {
    let observer: IntersectionObserver | undefined;
    let watched: Element | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const resolve = () => {
      waiting.delete(resolve);
      observer?.disconnect();
      clearInterval(timer);
      resolveNear();
    };
    waiting.add(resolve);
    // The anchor may not be drawn yet (a visit by a link) or may go (the visitor leaves the page and
    // comes back): it is looked for again until it is there and near.
    const look = () => {
      if (watched?.isConnected) return;
      observer?.disconnect();
      watched = document.getElementById(anchorId);
      if (!watched) return;
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) resolve();
        },
        { rootMargin: margin },
      );
      observer.observe(watched);
    };
    timer = setInterval(look, 250);
    look();
  });
}

/**
 * A component whose code loads when the element `anchorId` (drawn around where it goes) comes near
 * the viewport: for a page's lower sections. On a server-rendered page their HTML is already there,
 * and they hydrate once near. When the first page was rendered in the browser (a signed-in page),
 * and on the server, they load at once: nothing would stand in their place meanwhile.
 */
export function lazyNearViewport<P extends object>(
  anchorId: string,
  load: () => Promise<ComponentType<P>>,
  margin = "400px",
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    if (typeof document !== "undefined" && pageRenderedOn() !== undefined)
      await nearViewport(anchorId, margin);
    return { default: await load() };
  });
}
