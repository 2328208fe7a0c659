import { and, asc, eq } from "drizzle-orm";
import type { ReorderAnswer } from "#contract/checkout";
import type { OrdersContext } from "./orders-deps";
import { orderLines, orders } from "./tables";

/** A line of an earlier order to put back in the cart: the tool, how many, the price it was bought at. */
export type ReorderLine = { toolId: string; quantity: number; unitPriceCents: number };

/**
 * "Order again", as the orders domain asks the cart for it (the cart alone writes its lines;
 * implemented by the cart service, `OrdersDeps.cart`): the lines go in checked against today's
 * rules, prices and stock, and the answer says what changed.
 */
export type ReorderCart = {
  putBack(userId: string, lines: readonly ReorderLine[]): Promise<ReorderAnswer>;
};

/**
 * "Order again": the lines of one of the buyer's own orders put back into their cart; undefined
 * when the order is not theirs (or does not exist).
 */
export async function reorder(
  { db, deps }: OrdersContext,
  userId: string,
  orderId: string,
): Promise<ReorderAnswer | undefined> {
  const rows = await db
    .select({
      toolId: orderLines.toolId,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .orderBy(asc(orderLines.lineNo));
  return rows.length === 0 ? undefined : deps.cart.putBack(userId, rows);
}
