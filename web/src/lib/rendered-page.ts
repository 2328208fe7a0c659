/**
 * What a server-rendered page carries for the app that takes it over, in
 * `<script type="application/json" id="page-data">`: the answers its queries started from, and the
 * day it was drawn on (dates shown relative to today are drawn for that day until the app has
 * hydrated, then for the browser's own).
 */
export type RenderedPageData = {
  queries: { queryKey: readonly unknown[]; data: unknown }[];
  today: string;
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

/** Nothing to subscribe to: for values read once per render (a cookie, the date). */
export const noChanges = () => () => {};
