import type { FastifyReply } from "fastify";
import { totalCountHeader } from "../../contract/pagination";
import type { Page } from "../db/paging";

/** Answers a page of a list: the items as the body (lists stay arrays), the list's length in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): FastifyReply {
  return reply.header(totalCountHeader, page.total).send(page.items);
}
