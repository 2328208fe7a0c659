import type { FastifyInstance } from "fastify";
import { insertedAnswer, reviewListAnswer } from "../../contract/answers";
import { pageQuery } from "../../contract/pagination";
import { reviewLimits, reviewSchema } from "../../contract/reviews";
import { signedInUser } from "../accounts/access";
import { badRequest, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import type { ReviewsService } from "./service";

export function reviewRoutes(app: FastifyInstance, deps: { reviews: ReviewsService }) {
  // The stored email is the session's; the one in the body is ignored.
  app.post(
    "/api/review",
    {
      config: { access: "user" },
      schema: {
        tags: ["Reviews"],
        summary: "Write a review of the shop",
        body: reviewSchema,
        response: { 201: insertedAnswer },
      },
    },
    async (request, reply) => {
      const me = signedInUser(request);
      const input = parseInput(reviewSchema, request.body);
      if (me.email.length > reviewLimits.email) throw badRequest("Your email is too long for a review");
      const insertedId = await deps.reviews.addReview(me, input);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    "/api/review",
    {
      config: { access: "public" },
      schema: {
        tags: ["Reviews"],
        summary: "A page of reviews, newest first",
        querystring: pageQuery,
        response: { 200: reviewListAnswer },
      },
    },
    async (request, reply) => {
      const page = await deps.reviews.listReviews(parseInput(pageQuery, request.query));
      return sendPage(reply, page);
    },
  );
}
