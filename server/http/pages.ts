import type { FastifyReply } from "fastify";
import { totalCountHeader } from "../../contract/pagination";
import type { Page, PageLink } from "../db/paging";

/** The request's own URL with the link's cursor or page in place of the current one. */
function linkTarget(url: string, link: PageLink): string {
  const target = new URL(url, "http://shop.invalid");
  target.searchParams.delete("cursor");
  target.searchParams.delete("page");
  if ("cursor" in link) target.searchParams.set("cursor", link.cursor);
  else target.searchParams.set("page", String(link.page));
  return `${target.pathname}${target.search}`;
}

/**
 * Answers a page of a list: the items as the body (lists stay arrays), the list's length in
 * X-Total-Count, and the next and previous pages in a Link header (RFC 8288) when there are.
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): FastifyReply {
  const links = (["next", "prev"] as const).flatMap((rel) => {
    const link = page[rel];
    return link ? [`<${linkTarget(reply.request.url, link)}>; rel="${rel}"`] : [];
  });
  if (links.length > 0) reply.header("link", links.join(", "));
  return reply.header(totalCountHeader, page.total).send(page.items);
}
