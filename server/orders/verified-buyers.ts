import { and, inArray } from "drizzle-orm";
import type { Db } from "#server/db/database";
import { orders } from "./tables";

/**
 * Which of these users have paid for (or received) an order: the buyers whose reviews show as
 * verified. Reviews ask orders this, and never read orders' tables.
 */
export async function verifiedBuyers(db: Db, userIds: readonly string[]): Promise<ReadonlySet<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(and(inArray(orders.userId, [...new Set(userIds)]), inArray(orders.status, ["paid", "shipped"])));
  return new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
}
