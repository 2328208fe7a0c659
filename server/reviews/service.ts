import { and, desc, eq, exists, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "../../contract/pagination";
import type { Review, reviewSchema } from "../../contract/reviews";
import type { Db } from "../db/database";
import { type Page, readPage } from "../db/paging";
import { orders } from "../orders/tables";
import { reviews } from "./tables";

export function createReviewsService(db: Db) {
  // A reviewer who has paid for (or received) an order; demo reviews have no user and never are.
  const verified = exists(
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, reviews.userId), inArray(orders.status, ["paid", "shipped"]))),
  );

  return {
    async addReview(author: { id: string; email: string }, input: z.output<typeof reviewSchema>) {
      const [row] = await db
        .insert(reviews)
        .values({
          userId: author.id,
          name: input.name,
          email: author.email,
          description: input.description,
          rating: input.rating,
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error("addReview: insert returned no row");
      return row.id;
    },

    /** Newest first, without the reviewers' emails. */
    listReviews(q: PageQuery): Promise<Page<Review>> {
      return readPage(
        db
          .select({
            _id: reviews.id,
            name: reviews.name,
            description: reviews.description,
            rating: reviews.rating,
            verified: verified.mapWith(Boolean),
          })
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id)),
        db.$count(reviews),
        q,
      );
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
