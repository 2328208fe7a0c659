import { and, asc, eq } from "drizzle-orm";
import type { ReorderAnswer } from "#contract/checkout";
import type { Db } from "#server/db/database";
import { orderLines, orders } from "./tables";

/** A line of an earlier order to put back in the cart: the tool, how many, the price it was bought at. */
export type ReorderLine = { toolId: string; quantity: number; unitPriceCents: number };

/**
 * "Order again", as the orders domain asks the cart for it (the cart alone writes its lines;
 * implemented by the cart service, wired in app.ts): the lines go in checked against today's
 * rules, prices and stock, and the answer says what changed.
 */
export type ReorderCart = {
  putBack(userId: string, lines: readonly ReorderLine[]): Promise<ReorderAnswer>;
};

/** The lines of one of the buyer's own orders, in line order; undefined when it is not theirs (or none). */
export async function linesToReorder(
  db: Db,
  userId: string,
  orderId: string,
): Promise<ReorderLine[] | undefined> {
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
  return rows.length === 0 ? undefined : rows;
}
