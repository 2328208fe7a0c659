/**
 * What a server-rendered page carries for the app that takes it over, in
 * `<script type="application/json" id="page-data">`: the answers its queries started from, and the
 * day it was drawn on (dates shown relative to today are drawn for that day until the app has
 * hydrated, then for the browser's own).
 */
export type RenderedPageData = {
  queries: { queryKey: readonly unknown[]; data: unknown }[];
  today: string;
  /** The shop's public address (PUBLIC_URL), what the page's canonical address starts with. */
  origin: string;
};

export const pageDataElementId = "page-data";

let renderedToday: string | undefined;

/** The day the page being hydrated was drawn on; undefined once pages render in the browser alone. */
export function pageRenderedOn(): string | undefined {
  return renderedToday;
}

export function setPageRenderedOn(today: string | undefined): void {
  renderedToday = today;
}

let hydrating = false;

/**
 * Whether the code being fetched is for the server-rendered page the app is about to hydrate (a page
 * may then leave parts below its first screen to hydrate after it), rather than for a page the
 * browser draws itself.
 */
export function hydratingRenderedPage(): boolean {
  return hydrating;
}

export function setHydratingRenderedPage(value: boolean): void {
  hydrating = value;
}

let renderedOrigin: string | undefined;

/**
 * The shop's address, for a page's canonical address: the one the server drew the page for (the
 * app that hydrates it draws the same), else the browser's.
 */
export function shopOrigin(): string {
  return renderedOrigin ?? window.location.origin;
}

export function setPageRenderedFor(origin: string | undefined): void {
  renderedOrigin = origin;
}

/** Nothing to subscribe to: for values read once per render (a cookie, the date). */
export const noChanges = () => () => {};
