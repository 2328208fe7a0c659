import { eq } from "drizzle-orm";
import { transitionRefusal } from "#contract/order-status";
import { cardText } from "#contract/payments";
import type { Tx } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { badRequest, conflict, HttpError } from "#server/http/errors";
import { noSuchOrder, type OrderRow, orderAmountCents } from "#server/orders/order-view";
import type { GatewayIntent } from "./gateway";
import { type PaymentsContext, shopCurrency } from "./payments-deps";
import { payments } from "./tables";

/** Refuses an intent that is not a finished payment of exactly this order's total. */
export function assertPays(
  intent: GatewayIntent | undefined,
  order: OrderRow,
): asserts intent is GatewayIntent {
  if (!intent) throw badRequest("The payment gateway does not know that payment");
  if (intent.orderId !== order.id) throw badRequest("That payment is for another order");
  if (intent.amountCents !== orderAmountCents(order) || intent.currency !== shopCurrency) {
    throw badRequest("That payment's amount does not match the order's total");
  }
  if (intent.status !== "succeeded") {
    throw new HttpError(402, intent.failureMessage ?? "That payment has not gone through yet");
  }
}

/**
 * A 409 saying why the order cannot be paid by card, in the shared state machine's words: its status,
 * or being on account (`accountOrderNotPaidByCard`).
 */
export function assertPayable(order: Pick<OrderRow, "status" | "paymentMethod">): void {
  const refusal = transitionRefusal(order.status, "paid", order.paymentMethod);
  if (refusal) throw conflict(refusal);
}

/** What became of a payment that went through: it paid its order, or it was given back. */
export type Settlement =
  | { kind: "paid"; order: OrderRow }
  | { kind: "refunded"; order: OrderRow; message: string };

/**
 * Writes what the gateway said of an intent onto its payment row, or records the payment when the
 * shop never did (an intent found through the gateway, not started here).
 */
async function recordIntent(
  { gateway }: PaymentsContext,
  tx: Tx,
  intent: GatewayIntent,
  orderId: string,
  fields: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  const [updated] = await tx
    .update(payments)
    .set(fields)
    .where(eq(payments.intentId, intent.id))
    .returning({ id: payments.id });
  if (updated) return;
  await tx.insert(payments).values({
    orderId,
    gateway: gateway.name,
    intentId: intent.id,
    amountCents: intent.amountCents,
    currency: intent.currency,
    ...fields,
  });
}

/**
 * Gives back a payment that went through for an order that cannot take it (locked by the caller):
 * paid by another payment, or cancelled. The payment is recorded as refunded, with why; one that
 * is already is not refunded again. When the gateway has nothing to refund, the order's refusal
 * (409) stands and a person has to look.
 */
async function refundExtra(
  context: PaymentsContext,
  tx: Tx,
  intent: GatewayIntent,
  order: OrderRow,
): Promise<Settlement> {
  const cancelled = order.status === "cancelled";
  const message = cancelled
    ? "This order was cancelled; its payment has been refunded"
    : "This order was already paid; this second payment has been refunded";
  const [row] = await tx.select().from(payments).where(eq(payments.intentId, intent.id));
  if (row?.status === "refunded") return { kind: "refunded", order, message };
  const refund = await context.gateway.refundIntent(intent.id, cancelled ? "order_cancelled" : "duplicate");
  if (!refund) {
    assertPayable(order);
    throw conflict("This payment cannot be applied to its order");
  }
  // No credit note for this refund (issue 28): the invoice covers the order once, for the payment that
  // paid it; this second charge was never invoiced, so giving it back leaves invoiced − credited equal
  // to what the buyer was charged net.
  const refunded = {
    status: "refunded" as const,
    failureMessage: null,
    refundId: refund.id,
    refundReason: cancelled
      ? "Refunded automatically: the order was cancelled"
      : `Refunded automatically: the order was already paid by ${order.transactionId}`,
    refundedAt: new Date(),
    updatedAt: new Date(),
  };
  await recordIntent(context, tx, intent, order.id, refunded);
  context.deps.log?.warn(
    {
      orderId: order.id,
      intentId: intent.id,
      refundId: refund.id,
      amountCents: refund.amountCents,
      paidBy: order.transactionId,
      reason: refunded.refundReason,
    },
    "a payment went through for an order that could not take it; refunded it",
  );
  return { kind: "refunded", order, message };
}

/**
 * Settles a succeeded intent, in one transaction (or savepoint) that locks its order: a pending
 * order is marked paid, with the payment recorded as succeeded (the unique index allows one per
 * order); for an order paid by another payment, or cancelled, the payment is refunded. Recording
 * the same intent again changes nothing.
 */
export async function recordSuccess(
  context: PaymentsContext,
  tx: Tx,
  intent: GatewayIntent,
  actorUserId: string | null,
): Promise<Settlement> {
  if (!intent.orderId) throw noSuchOrder();
  const order = await context.deps.orders.lock(tx, intent.orderId);
  if (order.transactionId === intent.id) return { kind: "paid", order };
  if (order.status !== "pending" && intent.status === "succeeded") {
    return refundExtra(context, tx, intent, order);
  }
  assertPayable(order);
  assertPays(intent, order);
  const paid = await context.deps.orders.markPaid(tx, order, {
    transactionId: intent.id,
    actorUserId,
    note: `Paid by card (${context.gateway.name} payment ${intent.id})`,
    card: intent.card && cardText(intent.card),
  });
  try {
    await recordIntent(context, tx, intent, order.id, {
      status: "succeeded",
      failureMessage: null,
      ...(intent.card ? { cardBrand: intent.card.brand, cardLast4: intent.card.last4 } : {}),
      updatedAt: new Date(),
    });
  } catch (err) {
    if (isPgError(err, "uniqueViolation")) throw conflict("This order is already paid");
    throw err;
  }
  return { kind: "paid", order: paid };
}
