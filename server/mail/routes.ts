import type { FastifyInstance } from "fastify";
import { outboxListAnswer } from "../../contract/answers";
import { pageQuery } from "../../contract/pagination";
import { parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import type { OutboxService } from "./service";

export function outboxRoutes(app: FastifyInstance, deps: { outbox: OutboxService }) {
  app.get(
    "/api/outbox",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Mail"],
        summary: "A page of the messages the shop sent or will send (the Outbox)",
        querystring: pageQuery,
        response: { 200: outboxListAnswer },
      },
    },
    async (request, reply) => {
      const page = await deps.outbox.listMessages(parseInput(pageQuery, request.query));
      return sendPage(reply, page);
    },
  );
}
