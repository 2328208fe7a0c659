import { count } from "drizzle-orm";
import type { Db } from "#server/db/database";
import { reviews } from "./tables";

/** A review as it is first stored (the demo's have no user). */
export type NewReviewRow = typeof reviews.$inferInsert;

/** Adds these reviews when there are none at all; answers how many it added. */
export async function addReviewsIfNone(db: Db, list: readonly NewReviewRow[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews);
  if ((row?.n ?? 0) > 0 || list.length === 0) return 0;
  await db.insert(reviews).values([...list]);
  return list.length;
}
