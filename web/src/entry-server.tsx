import type { Query, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { createQueryClient } from "./app/query-client";
import { preloadPagesAt } from "./app/router";
import { Pages, Shop } from "./app/Shop";
import { sendApiCallsThrough } from "./lib/api";
import { todayIso } from "./lib/delivery/delivery-date";
import { type RenderedPageData, setPageRenderedFor, setPageRenderedOn } from "./lib/rendered-page";

// The server's side of a server-rendered page (server/web/public-pages.ts loads the build of this
// file): the page drawn for a visitor (no session), with the answers of the calls it makes.

export type RenderedPage = {
  /**
   * The page's markup, what goes inside #root, after the elements React hoists into the head: the
   * page's <title>, <meta> and canonical <link> (PageMeta) and its first pictures' preloads.
   */
  html: string;
  /** For the app that hydrates the page. */
  data: RenderedPageData;
};

/** The page's calls: public reads of the shop's own API, answered by `fetcher` (the app itself). */
export function answerApiCallsWith(fetcher: typeof fetch): void {
  sendApiCallsThrough(fetcher);
}

/**
 * The session and the buyer's company (their price) are the visitor's own: never part of a page every
 * visitor gets. The tax rates are public, but an order's tax depends on the buyer's company too: the
 * order forms read them once the page is live (lib/tax/tax-rates.ts), never while it is drawn here.
 */
const isVisitorsOwn = (query: Query) =>
  query.queryKey[0] === "auth" ||
  query.queryKey[0] === "tax" ||
  (query.queryKey[0] === "companies" && query.queryKey[1] === "mine");

async function renderOnce(url: string, queryClient: QueryClient) {
  const tree: ReactNode = (
    <Shop queryClient={queryClient}>
      <StaticRouter location={url}>
        <Pages />
      </StaticRouter>
    </Shop>
  );
  // prerender waits for every lazy part (the footer, the home page's lower sections). Without a chunk
  // size limit, no finished part is moved to the end of the HTML to be put in place by an inline
  // script (which the Content-Security-Policy refuses, and which a browser without JavaScript never
  // runs): the HTML is whole, in order.
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Renders the page at `url` (path and query) of the shop at `origin` (its public address). A first
 * pass finds the queries the page makes, they are answered, and the page is drawn again with their
 * data; a query that appears only once data is in (a list inside a loaded section) gets one more pass.
 */
export async function renderPage(url: string, origin: string): Promise<RenderedPage> {
  const today = todayIso();
  setPageRenderedOn(today);
  setPageRenderedFor(origin);
  await preloadPagesAt(url);
  const queryClient = createQueryClient();
  let html = "";
  const pageQueries = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => !isVisitorsOwn(query));
  for (let pass = 0; pass < 3; pass++) {
    html = await renderOnce(url, queryClient);
    const unanswered = pageQueries().filter((query) => query.state.status === "pending");
    if (unanswered.length === 0) break;
    await Promise.all(unanswered.map((query) => query.fetch().catch(() => undefined)));
  }
  // A page drawn with a call that failed would hydrate into something else: the server sends the
  // app's shell instead, which renders in the browser as before.
  const failed = pageQueries().find((query) => query.state.status !== "success");
  if (failed) throw new Error(`server rendering ${url}: the call ${JSON.stringify(failed.queryKey)} failed`);
  const queries = pageQueries().map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
  queryClient.clear();
  return { html, data: { queries, today, origin } };
}
