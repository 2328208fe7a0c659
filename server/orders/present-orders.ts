import { and, eq, inArray } from "drizzle-orm";
import type { Order } from "#contract/orders";
import { type OrderRow, toApiOrder } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { hourMs } from "./orders-deps";
import { orderEvents } from "./tables";

/** What the buyer reads as a cancelled order's reason: its event note up to the stock count. */
export const cancelNote = (reason: string, quantity: number) => `${reason}; ${quantity} pieces back in stock`;
const reasonOf = (note: string | null) => note?.split("; ")[0] ?? null;

/** The API's view of rows: an unpaid order's release time, a cancelled one's reason. */
export async function presentOrders({ db, deps }: OrdersContext, rows: OrderRow[]): Promise<Order[]> {
  const cancelled = rows.filter((r) => r.status === "cancelled").map((r) => r.id);
  const notes =
    cancelled.length === 0
      ? []
      : await db
          .select({ orderId: orderEvents.orderId, note: orderEvents.note })
          .from(orderEvents)
          .where(and(inArray(orderEvents.orderId, cancelled), eq(orderEvents.toStatus, "cancelled")));
  const reasons = new Map(notes.map((n) => [n.orderId, reasonOf(n.note)]));
  return rows.map((row) =>
    toApiOrder(row, {
      expiresAt:
        row.status === "pending" && deps.unpaidOrderHours > 0
          ? new Date(row.createdAt.getTime() + deps.unpaidOrderHours * hourMs)
          : null,
      cancelReason: reasons.get(row.id) ?? null,
    }),
  );
}
