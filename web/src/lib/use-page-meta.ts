import { createContext, useContext, useEffect } from "react";

export type PageMeta = {
  /** The page's own title; " · Car Mechanic" is added. */
  title: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** The page's one address when it has several (/ for /home); defaults to the current path. */
  canonicalPath?: string;
};

type Head = { title: string; description: string; ogTitle: string; ogDescription: string };

function meta(attribute: "name" | "property", value: string): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${value}"]`);
  if (existing) return existing;
  const element = document.createElement("meta");
  element.setAttribute(attribute, value);
  document.head.append(element);
  return element;
}

function applyHead(head: Head): void {
  document.title = head.title;
  meta("name", "description").content = head.description;
  meta("property", "og:title").content = head.ogTitle;
  meta("property", "og:description").content = head.ogDescription;
}

/** On the server, what receives the page's meta while it renders, for the head of its HTML. */
export const PageMetaRecorder = createContext<((meta: PageMeta) => void) | undefined>(undefined);

/** index.html's values, put back when a page with its own leaves. */
let defaults: Head | undefined;

/**
 * Sets the title, meta description, Open Graph title, description and URL, and the canonical link
 * while the page is shown; afterwards index.html's defaults come back. A server-rendered page
 * already has them in its HTML (PageMetaRecorder).
 */
export function usePageMeta({ title, description, canonicalPath }: PageMeta): void {
  useContext(PageMetaRecorder)?.({ title, description, canonicalPath });
  useEffect(() => {
    defaults ??= {
      title: document.title,
      description: meta("name", "description").content,
      ogTitle: meta("property", "og:title").content,
      ogDescription: meta("property", "og:description").content,
    };
    const fullTitle = `${title} · Car Mechanic`;
    applyHead({ title: fullTitle, description, ogTitle: fullTitle, ogDescription: description });

    const url = new URL(canonicalPath ?? window.location.pathname, window.location.origin).href;
    const ogUrl = meta("property", "og:url");
    ogUrl.content = url;
    // A server-rendered page has one already.
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement("link");
      canonical.rel = "canonical";
      document.head.append(canonical);
    }
    canonical.href = url;

    return () => {
      canonical.remove();
      ogUrl.remove();
      if (defaults) applyHead(defaults);
    };
  }, [title, description, canonicalPath]);
}
