import { and, eq, or } from "drizzle-orm";
import type { Db } from "#server/db/database";
import { reviews } from "./tables";

/** A review as it is first stored (the demo's have no user). */
export type NewReviewRow = typeof reviews.$inferInsert;

/**
 * Adds the reviews not stored yet, one author's same words counting as the same review (so seeding
 * twice never doubles them); answers how many it added.
 */
export async function addMissingReviews(db: Db, list: readonly NewReviewRow[]): Promise<number> {
  if (list.length === 0) return 0;
  const existing = await db
    .select({ name: reviews.name, description: reviews.description })
    .from(reviews)
    .where(or(...list.map((r) => and(eq(reviews.name, r.name), eq(reviews.description, r.description)))));
  const key = (r: { name: string; description: string }) => JSON.stringify([r.name, r.description]);
  const have = new Set(existing.map(key));
  const missing = list.filter((r) => !have.has(key(r)));
  if (missing.length > 0) await db.insert(reviews).values(missing);
  return missing.length;
}
