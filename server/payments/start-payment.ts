import { and, desc, eq, inArray } from "drizzle-orm";
import type { PaymentIntentResponse } from "#contract/payments";
import type { SessionUser } from "#server/accounts/guards";
import type { Tx } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { conflict } from "#server/http/errors";
import { type OrderRow, orderAmountCents } from "#server/orders/order-view";
import { type GatewayIntent, payableStatuses } from "./gateway";
import { type PaymentsContext, shopCurrency } from "./payments-deps";
import { assertPayable, recordSuccess } from "./settle-payment";
import { openPaymentStatuses, payments } from "./tables";

/**
 * One of the order's open payments, with the order locked: its intent, to hand out again, while it
 * can still be paid; `{ paid: true }` when it went through (now recorded: the order is paid);
 * undefined once it is closed (cancelled or failed, now recorded), so that a new one may start.
 * One that cannot be paid as it is (authorised, or for another amount) is cancelled first; one
 * still going through is a 409, as no second payment may start beside it.
 */
async function settleOpen(
  context: PaymentsContext,
  tx: Tx,
  payment: typeof payments.$inferSelect,
  order: OrderRow,
  actorUserId: string,
): Promise<{ intent: GatewayIntent } | { paid: true } | undefined> {
  const { gateway } = context;
  const close = (status: "canceled" | "failed", failureMessage?: string) =>
    tx
      .update(payments)
      .set({ status, ...(failureMessage ? { failureMessage } : {}), updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  if (payment.gateway !== gateway.name) {
    await close("failed", `Started through the ${payment.gateway} gateway, which the shop no longer uses`);
    return undefined;
  }
  let intent = await gateway.retrieveIntent(payment.intentId);
  if (!intent) {
    // The simulated gateway forgets its intents when the server restarts: this one can never be paid.
    await close("failed", "The payment gateway no longer knows this payment");
    return undefined;
  }
  const reusable =
    payableStatuses.has(intent.status) &&
    intent.amountCents === orderAmountCents(order) &&
    intent.currency === shopCurrency &&
    intent.orderId === order.id;
  if (reusable) return { intent };
  if (intent.status === "processing") {
    throw conflict(
      "A card payment of this order is going through right now; wait a moment, then reload the page",
    );
  }
  if (intent.status !== "succeeded" && intent.status !== "canceled") {
    intent = (await gateway.cancelIntent(intent.id)) ?? intent;
  }
  if (intent.status === "succeeded") {
    await recordSuccess(context, tx, intent, actorUserId);
    return { paid: true };
  }
  if (intent.status === "canceled") {
    await close("canceled");
    return undefined;
  }
  throw conflict("A card payment of this order is still going through; try again in a few minutes");
}

/**
 * Starts paying an order: the amount is its stored total, tax included. An order has one open
 * payment at a time: while it can still be paid, every request gets it (the same client secret),
 * however many arrive at once; a new one is started only once it has failed or been cancelled.
 * One that went through (its confirmation was lost) is recorded, and the order is then paid.
 * All of it happens under the order's row lock, so concurrent requests see each other's payment.
 */
export async function startPayment(
  context: PaymentsContext,
  buyer: SessionUser,
  orderId: string,
): Promise<PaymentIntentResponse> {
  const { db, gateway, deps } = context;
  const order = await deps.orders.ownOrder(buyer.id, orderId);
  assertPayable(order);
  let created: GatewayIntent | undefined;
  let started: { intent: GatewayIntent } | { paid: true };
  try {
    started = await db.transaction(async (tx) => {
      const locked = await deps.orders.lock(tx, order.id);
      assertPayable(locked);
      const open = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.status, openPaymentStatuses)))
        .orderBy(desc(payments.createdAt));
      for (const payment of open) {
        const found = await settleOpen(context, tx, payment, locked, buyer.id);
        if (found) return found;
      }
      created = await gateway.createIntent({
        orderId: order.id,
        amountCents: orderAmountCents(locked),
        currency: shopCurrency,
      });
      // Recorded under the order's lock, and only while it is unpaid: cancelling the order takes
      // the same lock and then sees this payment, so it cannot miss one and leave it payable.
      await tx.insert(payments).values({
        orderId: order.id,
        gateway: gateway.name,
        intentId: created.id,
        amountCents: created.amountCents,
        currency: shopCurrency,
      });
      return { intent: created };
    });
  } catch (err) {
    // Cancelled (or paid) meanwhile, or not recorded: the browser never gets this secret; cancel it.
    if (created) await gateway.cancelIntent(created.id).catch(() => undefined);
    if (isPgError(err, "uniqueViolation"))
      throw conflict("A payment of this order was just started; reload the page");
    throw err;
  }
  if ("paid" in started) throw conflict("This order is already paid");
  const { intent } = started;
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: intent.amountCents,
    currency: intent.currency,
  };
}
