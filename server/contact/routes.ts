import type { FastifyInstance } from "fastify";
import { contactMessageListAnswer, insertedAnswer } from "../../contract/answers";
import { contactIdParams, contactSchema, markReadSchema } from "../../contract/contact";
import { listQuery } from "../../contract/pagination";
import { modifiedAnswer } from "../../contract/shop-answers";
import { HttpError, notFound, parseInput } from "../http/errors";
import { parseListQuery, sendPage } from "../http/pages";
import type { RateLimiter } from "../rate-limits/rate-limiter";
import type { ContactService } from "./service";

export function contactRoutes(app: FastifyInstance, deps: { contact: ContactService; limiter: RateLimiter }) {
  // A few messages a minute per address.
  app.post(
    "/api/contact",
    {
      config: { access: "public" },
      schema: {
        tags: ["Contact"],
        summary: "Send the shop a message (a few a minute per address)",
        body: contactSchema,
        response: { 201: insertedAnswer },
      },
    },
    async (request, reply) => {
      const input = parseInput(contactSchema, request.body);
      const waitSeconds = await deps.limiter.hit(request.ip);
      if (waitSeconds !== undefined) {
        reply.header("retry-after", waitSeconds);
        throw new HttpError(429, "Too many messages. Please wait a minute and try again.");
      }
      const insertedId = await deps.contact.addMessage(input);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    "/api/contact",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Contact"],
        summary: "A page of the messages received",
        querystring: listQuery,
        response: { 200: contactMessageListAnswer },
      },
    },
    async (request, reply) => {
      const page = await deps.contact.listMessages(parseListQuery(listQuery, request));
      return sendPage(reply, page);
    },
  );

  app.patch(
    "/api/contact/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Contact"],
        summary: "Mark a message read or unread",
        params: contactIdParams,
        body: markReadSchema,
        response: { 200: modifiedAnswer },
      },
    },
    async (request) => {
      const { id } = parseInput(contactIdParams, request.params);
      const { read } = parseInput(markReadSchema, request.body);
      const modifiedCount = await deps.contact.markRead(id, read);
      if (modifiedCount === undefined) throw notFound("No message with that id");
      return { modifiedCount };
    },
  );
}
