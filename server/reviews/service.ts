import { and, count, desc, eq, exists, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "../../contract/pagination";
import type { Review, reviewSchema } from "../../contract/reviews";
import type { Db } from "../db/database";
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
    async listReviews({ page, limit }: PageQuery): Promise<{ items: Review[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({
            _id: reviews.id,
            name: reviews.name,
            description: reviews.description,
            rating: reviews.rating,
            verified: verified.mapWith(Boolean),
          })
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(reviews),
      ]);
      return { items: rows, total: totalRow?.total ?? 0 };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
