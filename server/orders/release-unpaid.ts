import { eq } from "drizzle-orm";
import { releaseStock } from "#server/catalog/stock";
import type { Tx } from "#server/db/database";
import { conflict } from "#server/http/errors";
import { changeStatus, lockOrder } from "./change-status";
import type { OrderRow } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { cancelNote } from "./present-orders";
import { orderLines } from "./tables";

/** Every line's tool and pieces (an order from before its lines were stored: its own). */
export async function linesToRelease(
  tx: Tx,
  order: OrderRow,
): Promise<{ toolId: string; quantity: number }[]> {
  const lines = await tx
    .select({ toolId: orderLines.toolId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  return lines.length > 0 ? lines : [{ toolId: order.toolId, quantity: order.quantity }];
}

/** What became of an attempt to cancel an unpaid order. */
export type Release =
  | { outcome: "cancelled"; order: OrderRow }
  /** A payment had already gone through at the gateway: it is recorded, and the order is paid. */
  | { outcome: "paid"; order: OrderRow }
  /** The order was no longer pending when locked (cancelled or paid meanwhile); nothing changed. */
  | { outcome: "unchanged"; order: OrderRow };

/**
 * Cancels an unpaid order without letting the gateway take money for it: first its open payments
 * are cancelled at the gateway (one that already went through makes the order paid instead), then
 * one transaction locks the order, checks it is still pending and that no payment was started
 * meanwhile, cancels it and gives its stock back. The lock and the status check make the stock
 * return happen once however many cancel the same order at the same time.
 */
export async function releaseUnpaid(
  { db, deps }: OrdersContext,
  id: string,
  change: {
    actorUserId: string | null;
    reason: string;
    /** The unpaid-order expiry's: an on-account order is left as it is ("unchanged"). */
    cardOnly?: boolean;
  },
): Promise<Release> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const closing = await deps.payments.close(id);
    if ("paid" in closing) return { outcome: "paid", order: closing.paid };
    const release = await db.transaction(async (tx): Promise<Release | undefined> => {
      const order = await lockOrder(tx, id);
      if (order.status !== "pending") return { outcome: "unchanged", order };
      if (change.cardOnly && order.paymentMethod !== "card") return { outcome: "unchanged", order };
      // A payment started after the gateway calls: close it too before cancelling.
      if (await deps.payments.openBesides(tx, id, closing.closed)) return undefined;
      const lines = await linesToRelease(tx, order);
      const row = await changeStatus(tx, order, {
        to: "cancelled",
        actorUserId: change.actorUserId,
        note: cancelNote(
          change.reason,
          lines.reduce((sum, l) => sum + l.quantity, 0),
        ),
      });
      await releaseStock(tx, { lines, orderId: order.id, actorUserId: change.actorUserId });
      await deps.messages.cancelled(tx, row, change.reason, change.actorUserId === null);
      return { outcome: "cancelled", order: row };
    });
    if (release?.outcome === "cancelled") deps.onStockChange();
    if (release) return release;
  }
  throw conflict("The buyer is starting a payment of this order right now; try again in a minute");
}
