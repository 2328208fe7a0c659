import type { FastifyInstance } from "fastify";
import { contactIdParams, contactSchema, markReadSchema } from "../../contract/contact";
import { pageQuery } from "../../contract/pagination";
import type { Guards } from "../accounts/guards";
import { HttpError, notFound, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import type { RateLimiter } from "../rate-limits/rate-limiter";
import type { ContactService } from "./service";

export function contactRoutes(
  app: FastifyInstance,
  deps: { guards: Guards; contact: ContactService; limiter: RateLimiter },
) {
  // Anyone, a few messages a minute per address.
  app.post("/api/contact", async (request, reply) => {
    const input = parseInput(contactSchema, request.body);
    const waitSeconds = await deps.limiter.hit(request.ip);
    if (waitSeconds !== undefined) {
      reply.header("retry-after", waitSeconds);
      throw new HttpError(429, "Too many messages. Please wait a minute and try again.");
    }
    const insertedId = await deps.contact.addMessage(input);
    return reply.status(201).send({ insertedId });
  });

  // Admin.
  app.get("/api/contact", async (request, reply) => {
    await deps.guards.requireAdmin(request);
    const page = await deps.contact.listMessages(parseInput(pageQuery, request.query));
    return sendPage(reply, page);
  });

  // Admin.
  app.patch("/api/contact/:id", async (request) => {
    await deps.guards.requireAdmin(request);
    const { id } = parseInput(contactIdParams, request.params);
    const { read } = parseInput(markReadSchema, request.body);
    const modifiedCount = await deps.contact.markRead(id, read);
    if (modifiedCount === undefined) throw notFound("No message with that id");
    return { modifiedCount };
  });
}
