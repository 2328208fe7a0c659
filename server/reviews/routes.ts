import type { FastifyInstance } from "fastify";
import { pageQuery } from "../../contract/pagination";
import { reviewLimits, reviewSchema } from "../../contract/reviews";
import type { Guards } from "../accounts/guards";
import { badRequest, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import type { ReviewsService } from "./service";

export function reviewRoutes(app: FastifyInstance, deps: { guards: Guards; reviews: ReviewsService }) {
  // Signed in. The stored email is the session's; the one in the body is ignored.
  app.post("/api/review", async (request, reply) => {
    const me = await deps.guards.requireUser(request);
    const input = parseInput(reviewSchema, request.body);
    if (me.email.length > reviewLimits.email) throw badRequest("Your email is too long for a review");
    const insertedId = await deps.reviews.addReview(me, input);
    return reply.status(201).send({ insertedId });
  });

  // Anyone.
  app.get("/api/review", async (request, reply) => {
    const page = await deps.reviews.listReviews(parseInput(pageQuery, request.query));
    return sendPage(reply, page);
  });
}
