import { and, asc, eq, inArray } from "drizzle-orm";
import type { Order } from "#contract/orders";
import type { Db, Tx } from "#server/db/database";
import { type OrderLineRow, type OrderRow, toApiOrder } from "./order-view";
import type { OrdersContext, OrdersDeps } from "./orders-deps";
import { hourMs } from "./orders-deps";
import { orderEvents, orderLines } from "./tables";

/** What the buyer reads as a cancelled order's reason: its event note up to the stock count. */
export const cancelNote = (reason: string, quantity: number) => `${reason}; ${quantity} pieces back in stock`;
const reasonOf = (note: string | null) => note?.split("; ")[0] ?? null;

/** The lines of these orders, by order, in line order: one query for a whole page (or export batch). */
export async function linesOf(db: Db | Tx, ids: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  for (const line of rows) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}

/**
 * The API's view of rows: their lines, an unpaid order's release time, a cancelled one's reason.
 * Read in `tx` when given (an answer stored with the order, before it commits).
 */
export async function presentOrders(
  { db: outside, deps }: OrdersContext,
  rows: OrderRow[],
  tx?: Tx,
): Promise<Order[]> {
  const db = tx ?? outside;
  const cancelled = rows.filter((r) => r.status === "cancelled").map((r) => r.id);
  const [notes, lines] = await Promise.all([
    cancelled.length === 0
      ? []
      : db
          .select({ orderId: orderEvents.orderId, note: orderEvents.note })
          .from(orderEvents)
          .where(and(inArray(orderEvents.orderId, cancelled), eq(orderEvents.toStatus, "cancelled"))),
    linesOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const reasons = new Map(notes.map((n) => [n.orderId, reasonOf(n.note)]));
  return rows.map((row) =>
    toApiOrder(row, lines.get(row.id) ?? [], {
      expiresAt: expiresAtOf(deps, row),
      cancelReason: reasons.get(row.id) ?? null,
    }),
  );
}

/** When an unpaid order is released if still unpaid; null for any other, or when none are released. */
function expiresAtOf(deps: OrdersDeps, row: OrderRow): Date | null {
  return row.status === "pending" && row.paymentMethod === "card" && deps.unpaidOrderHours > 0
    ? new Date(row.createdAt.getTime() + deps.unpaidOrderHours * hourMs)
    : null;
}

/**
 * An order just placed in the API's view, from the row and lines its statements wrote (nothing to
 * read back: no line is added later, and a new order has no cancellation).
 */
export function presentPlaced({ deps }: OrdersContext, row: OrderRow, lines: OrderLineRow[]): Order {
  return toApiOrder(row, lines, { expiresAt: expiresAtOf(deps, row), cancelReason: null });
}
