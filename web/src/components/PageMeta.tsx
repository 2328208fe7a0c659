import { createContext, type ReactNode, use, useCallback, useLayoutEffect, useState } from "react";
import { useLocation } from "react-router";
import { shopOrigin } from "#web/lib/rendered-page";

// A page's title, description and address are React's <title>, <meta> and <link> elements, which
// React puts in the document's head while the page is shown and takes out when it leaves. On the
// server they come first in the page's markup, and server/web/public-pages.ts moves them into the
// head in place of index.html's own: one source for the server's head and the browser's.

/**
 * index.html's description and link preview, for a page without its own (a crawler without
 * JavaScript reads them in index.html; page-meta.test.ts keeps the two the same).
 */
export const siteMeta = {
  description:
    "Car Mechanic supplies workshops with genuine car tools and parts in minimum-quantity lots: upfront pricing, free doorstep pick-up and drop, and warranty on every part.",
  ogTitle: "Car Mechanic: car tools and parts for workshops",
  ogDescription:
    "Genuine car tools and parts in minimum-quantity lots, with upfront pricing, 6 month free instalments, free doorstep pick-up and drop, and warranty on every part.",
};

export type PageMetaProps = {
  /** The page's own title; " · Car Mechanic" is added. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** The page's one address when it has several (/ for /home); defaults to the current path. */
  canonicalPath?: string;
};

/** Tells PageMetaScope a page with its own description is shown (1) or gone (-1). */
const OwnMetaShown = createContext<((change: 1 | -1) => void) | undefined>(undefined);

/**
 * The page's title, description, Open Graph title, description and URL, and its canonical link,
 * while it is shown.
 */
export function PageMeta({ title, description, canonicalPath }: PageMetaProps) {
  const shown = use(OwnMetaShown);
  useLayoutEffect(() => {
    shown?.(1);
    return () => shown?.(-1);
  }, [shown]);
  const { pathname } = useLocation();
  const fullTitle = `${title} · Car Mechanic`;
  const address = new URL(canonicalPath ?? pathname, shopOrigin()).href;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <link rel="canonical" href={address} />
      <meta property="og:url" content={address} />
    </>
  );
}

/**
 * Before the app draws its first page: index.html's description and link preview leave the head, for
 * PageMetaScope to draw them (or the page its own). React takes over only the elements of the head a
 * hydrated page rendered; any other it would add beside index.html's. A server-rendered page's own
 * (public-pages.ts put them in place of these) stay, for the app to take over.
 */
export function leaveSiteMetaToTheApp(): void {
  const defaults: Record<string, string> = {
    'meta[name="description"]': siteMeta.description,
    'meta[property="og:title"]': siteMeta.ogTitle,
    'meta[property="og:description"]': siteMeta.ogDescription,
  };
  for (const [selector, content] of Object.entries(defaults)) {
    for (const element of document.head.querySelectorAll<HTMLMetaElement>(selector)) {
      if (element.content === content) element.remove();
    }
  }
}

/**
 * Around the pages: while none shows a PageMeta, the head has index.html's description and link
 * preview; while one does, only its own (React would put both in the head). Whether the page has its
 * own is known once it is in the document, so these are drawn from then on (leaveSiteMetaToTheApp
 * took index.html's out).
 */
export function PageMetaScope({ children }: { children: ReactNode }) {
  // undefined until the first page has been put in the document (its own PageMeta counted).
  const [ownMetaShown, setOwnMetaShown] = useState<number>();
  const change = useCallback((by: 1 | -1) => setOwnMetaShown((count) => (count ?? 0) + by), []);
  // After the pages' own layout effects: what they reported is in.
  useLayoutEffect(() => setOwnMetaShown((count) => count ?? 0), []);
  return (
    <OwnMetaShown value={change}>
      {children}
      {ownMetaShown === 0 && (
        <>
          <meta name="description" content={siteMeta.description} />
          <meta property="og:title" content={siteMeta.ogTitle} />
          <meta property="og:description" content={siteMeta.ogDescription} />
        </>
      )}
    </OwnMetaShown>
  );
}
