import { eq } from "drizzle-orm";
import { refundRefusal } from "#contract/invoices";
import { type OrderStatus, type PaymentMethod, transitionRefusal } from "#contract/order-status";
import type { Tx } from "#server/db/database";
import { conflict } from "#server/http/errors";
import { recordWebhookEvent } from "#server/webhooks/events";
import { noSuchOrder, type OrderRow, toOrderEventData } from "./order-view";
import { orderEvents, orders } from "./tables";

// Every change of an order's status goes through here, under the order's row lock, by the state
// machine of contract/order-status.ts (the web asks the same one which actions an order offers).

/**
 * Throws a 409 with a message a person can act on when the move is not allowed, by the order's
 * payment method's rules (an on-account order ships unpaid, and is never paid by card).
 */
export function assertTransition(from: OrderStatus, to: OrderStatus, method: PaymentMethod = "card"): void {
  const refusal = transitionRefusal(from, to, method);
  if (refusal) throw conflict(refusal);
}

/**
 * Reads an order and locks it until the transaction ends, so changes to one order happen one at a
 * time; a 404 when there is no such order.
 */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw noSuchOrder();
  return row;
}

export type StatusChange = {
  to: OrderStatus;
  /** Who made the change; null for the shop itself (a payment webhook, the unpaid-order expiry). */
  actorUserId: string | null;
  note: string;
  /** Columns that change with the status (the transaction id of a payment, the shipping and due days). */
  set?: Partial<Pick<OrderRow, "transactionId" | "shippedOn" | "dueOn">>;
  /**
   * An admin's refund (refund-order.ts): the refund moves of the state machine (`refundTransitions`,
   * a paid or invoiced order cancelled) instead of the ordinary ones, which never allow them.
   */
  refund?: true;
};

/** A 409 saying why the order cannot be refunded (already cancelled, unpaid, not invoiced). */
export function assertRefundable(order: Pick<OrderRow, "status" | "paymentMethod">): void {
  const refusal = refundRefusal(order);
  if (refusal) throw conflict(refusal);
}

/**
 * Moves a locked order to a new status, if the state machine allows it, and records who did it and
 * the webhook event of the move (`order.paid`, `order.shipped`, `order.cancelled`: each once per order).
 */
export async function changeStatus(tx: Tx, order: OrderRow, change: StatusChange): Promise<OrderRow> {
  if (change.refund) {
    assertRefundable(order);
    if (change.to !== "cancelled") throw new Error("a refund cancels the order");
  } else {
    assertTransition(order.status, change.to, order.paymentMethod);
  }
  const [row] = await tx
    .update(orders)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!row) throw new Error(`order ${order.id} vanished while locked`);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: change.to,
    actorUserId: change.actorUserId,
    note: change.note,
  });
  if (change.to !== "pending")
    await recordWebhookEvent(tx, `order.${change.to}`, row.id, toOrderEventData(row), row.updatedAt);
  return row;
}
