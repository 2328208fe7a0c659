import { and, eq } from "drizzle-orm";
import { centsToDollars } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { PaymentReceipt } from "#contract/payments";
import type { SessionUser } from "#server/accounts/guards";
import { badRequest, conflict } from "#server/http/errors";
import { type OrderRow, orderAmountCents } from "#server/orders/order-view";
import type { PaymentsContext } from "./payments-deps";
import { assertPayable, assertPays, recordSuccess } from "./settle-payment";
import { payments } from "./tables";

/** The buyer's word that `transactionId` paid the order, checked with the gateway. */
async function settleConfirmed(
  context: PaymentsContext,
  buyer: SessionUser,
  orderId: string,
  transactionId: string,
): Promise<OrderRow> {
  const { db, gateway, deps } = context;
  const order = await deps.orders.ownOrder(buyer.id, orderId);
  if (order.transactionId === transactionId) return order;
  const [attempt] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.intentId, transactionId), eq(payments.orderId, order.id)));
  if (!attempt) {
    assertPayable(order);
    throw badRequest("That payment is not one of this order's payments");
  }
  const intent = await gateway.retrieveIntent(transactionId);
  if (order.status !== "pending" && intent?.status !== "succeeded") assertPayable(order);
  assertPays(intent, order);
  const settled = await db.transaction((tx) => recordSuccess(context, tx, intent, buyer.id));
  if (settled.kind === "refunded") throw conflict(settled.message);
  return settled.order;
}

/**
 * The receipt of a paid order, from its succeeded payment. The card is asked of the gateway when
 * the payment was recorded without it (a webhook names only the payment method's id).
 */
async function receiptOf({ db, gateway }: PaymentsContext, order: OrderRow): Promise<PaymentReceipt> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, "succeeded")));
  let card =
    payment?.cardBrand && payment.cardLast4
      ? { brand: payment.cardBrand, last4: payment.cardLast4 }
      : undefined;
  if (payment && !card && payment.gateway === gateway.name) {
    card = (await gateway.retrieveIntent(payment.intentId))?.card;
    if (card) {
      await db
        .update(payments)
        .set({ cardBrand: card.brand, cardLast4: card.last4 })
        .where(eq(payments.id, payment.id));
    }
  }
  return {
    orderNumber: formatOrderNumber(order.number),
    amount: centsToDollars(orderAmountCents(order)),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    paidAt: (payment?.updatedAt ?? order.updatedAt).toISOString(),
    emailedTo: order.email,
  };
}

/**
 * PATCH /api/order/{id}: the buyer says the payment went through. Believed only after the
 * gateway confirms it for this order and amount. Repeating it for the payment that paid the
 * order (or after the webhook did) answers the paid order again. Another of the order's payments
 * that went through for an order already paid is refunded (409 saying so).
 */
export async function confirmPayment(
  context: PaymentsContext,
  buyer: SessionUser,
  orderId: string,
  transactionId: string,
): Promise<{ order: OrderRow; receipt: PaymentReceipt }> {
  const paid = await settleConfirmed(context, buyer, orderId, transactionId);
  return { order: paid, receipt: await receiptOf(context, paid) };
}
