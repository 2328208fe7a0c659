import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { totalCountHeader } from "../../contract/pagination";
import { type CursorSeal, createCursorSeal } from "../db/cursor-seal";
import type { Page, PageLink } from "../db/paging";
import { parseInput } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /** Seals the cursors of the Link headers and opens the ones sent back (server/db/cursor-seal.ts). */
    cursorSeal: CursorSeal;
  }
}

/** Cursors sealed under the server's secret, which every server of the shop shares. */
export function installCursorSeal(app: FastifyInstance, secret: string): void {
  app.decorate("cursorSeal", createCursorSeal(secret));
}

/** The list a request reads, by its route ("/api/allOrder"): a cursor is sealed for one list. */
const listOf = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

/**
 * A list's query (`listQuery` or one that extends it) with its `?cursor=` opened: the keyset's token
 * of a cursor this list issued, or a 400 for any other.
 */
export function parseListQuery<S extends z.ZodType<{ cursor?: string | undefined }>>(
  schema: S,
  request: FastifyRequest,
): z.infer<S> {
  const query = parseInput(schema, request.query);
  if (query.cursor === undefined) return query;
  return { ...query, cursor: request.server.cursorSeal.open(query.cursor, listOf(request)) };
}

/** The request's own URL with the link's cursor (sealed) or page in place of the current one. */
function linkTarget(request: FastifyRequest, link: PageLink): string {
  const target = new URL(request.url, "http://shop.invalid");
  target.searchParams.delete("cursor");
  target.searchParams.delete("page");
  if ("cursor" in link) {
    target.searchParams.set("cursor", request.server.cursorSeal.seal(link.cursor, listOf(request)));
  } else target.searchParams.set("page", String(link.page));
  return `${target.pathname}${target.search}`;
}

/**
 * Answers a page of a list: the items as the body (lists stay arrays), the list's length in
 * X-Total-Count, and the next and previous pages in a Link header (RFC 8288) when there are.
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): FastifyReply {
  const links = (["next", "prev"] as const).flatMap((rel) => {
    const link = page[rel];
    return link ? [`<${linkTarget(reply.request, link)}>; rel="${rel}"`] : [];
  });
  if (links.length > 0) reply.header("link", links.join(", "));
  return reply.header(totalCountHeader, page.total).send(page.items);
}
