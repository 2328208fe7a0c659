import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import type { OrderRow } from "./order-view";
import { orders } from "./tables";

/** Orders that still need the buyer's contact details: unpaid (mail about it) or paid and not shipped. */
const inProgress = ["pending", "paid"] as const;

/** What an anonymised order keeps of its buyer: nothing but this name. */
export const deletedBuyerName = "Deleted account";

/** Every order of one buyer, oldest first (the buyer's own data export). */
export function ordersOfBuyer(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** How many of the buyer's orders are still unpaid or waiting to ship. */
export function ordersInProgressOf(tx: Tx, userId: string): Promise<number> {
  return tx.$count(orders, and(eq(orders.userId, userId), inArray(orders.status, [...inProgress])));
}

/**
 * The buyer's account is being deleted: their orders stay for the shop's books (product, lot,
 * amounts, status, transaction id) with the buyer's name and contact removed and no owner.
 */
export async function anonymiseBuyer(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({ userId: null, name: deletedBuyerName, email: "", phone: "", address: "", updatedAt: new Date() })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return rows.length;
}
