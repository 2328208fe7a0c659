import { desc } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "#contract/pagination";
import type { Review, reviewSchema } from "#contract/reviews";
import type { Db } from "#server/db/database";
import { type Page, readPage } from "#server/db/paging";
import { verifiedBuyers } from "#server/orders/verified-buyers";
import { reviews } from "./tables";

export function createReviewsService(db: Db) {
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

    /**
     * Newest first, without the reviewers' emails. A review is verified when its reviewer has paid
     * for (or received) an order, which orders answer; demo reviews have no user and never are.
     */
    async listReviews(q: PageQuery): Promise<Page<Review>> {
      const { items, total } = await readPage(
        db
          .select({
            _id: reviews.id,
            name: reviews.name,
            description: reviews.description,
            rating: reviews.rating,
            userId: reviews.userId,
          })
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id)),
        db.$count(reviews),
        q,
      );
      const buyers = await verifiedBuyers(
        db,
        items.flatMap((r) => (r.userId === null ? [] : [r.userId])),
      );
      return {
        items: items.map(({ userId, ...review }) => ({
          ...review,
          verified: userId !== null && buyers.has(userId),
        })),
        total,
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
