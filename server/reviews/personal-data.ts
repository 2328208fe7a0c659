import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { reviews } from "./tables";

/** A review as its author exports it: what they wrote and under which name and address. */
export type OwnReview = {
  _id: string;
  name: string;
  email: string;
  description: string;
  rating: number;
  createdAt: string;
};

/** Every review the user wrote, oldest first (their data export). */
export async function reviewsBy(db: Db, userId: string): Promise<OwnReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    description: r.description,
    rating: r.rating,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The author's account is being deleted: their reviews go too. (Not kept anonymised: a review is
 * the author's own words, which can name them, and without its author it can no longer show as a
 * verified buyer's.)
 */
export async function eraseReviewsBy(tx: Tx, userId: string): Promise<number> {
  const rows = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id });
  return rows.length;
}
