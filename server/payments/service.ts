import { and, asc, desc, eq, ne, notInArray } from "drizzle-orm";
import type { PaymentIntentResponse } from "../../contract/payments";
import type { SessionUser } from "../accounts/guards";
import type { Db } from "../db/database";
import { isPgError } from "../db/errors";
import { badRequest, conflict, HttpError } from "../http/errors";
import { noSuchOrder, type OrderRow, orderAmountCents } from "../orders/order-view";
import type { OpenPayments } from "../orders/service";
import { assertTransition } from "../orders/status";
import { orders } from "../orders/tables";
import { changeStatus, lockOrder, type Tx } from "../orders/transitions";
import { type GatewayEvent, type GatewayIntent, type PaymentGateway, payableStatuses } from "./gateway";
import { payments, webhookEvents } from "./tables";

export const shopCurrency = "usd";

/** Refuses an intent that is not a finished payment of exactly this order's total. */
function assertPays(intent: GatewayIntent | undefined, order: OrderRow): asserts intent is GatewayIntent {
  if (!intent) throw badRequest("The payment gateway does not know that payment");
  if (intent.orderId !== order.id) throw badRequest("That payment is for another order");
  if (intent.amountCents !== orderAmountCents(order) || intent.currency !== shopCurrency) {
    throw badRequest("That payment's amount does not match the order's total");
  }
  if (intent.status !== "succeeded") {
    throw new HttpError(402, intent.failureMessage ?? "That payment has not gone through yet");
  }
}

export type WebhookOutcome =
  | { outcome: "duplicate" | "applied" | "ignored" }
  | { outcome: "refused"; reason: string; orderId: string | undefined };

/**
 * Card payments of orders through the gateway. An order becomes paid only when the gateway says its
 * payment succeeded for this order and this amount: from the buyer's PATCH, from a signed webhook,
 * or when the payment page finds an earlier payment that went through.
 */
export function createPaymentsService(db: Db, gateway: PaymentGateway) {
  async function ownOrder(buyer: SessionUser, orderId: string): Promise<OrderRow> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, buyer.id)));
    if (!order) throw noSuchOrder();
    return order;
  }

  /**
   * Marks the order of a succeeded intent paid: one transaction (or savepoint) that locks the order,
   * records the payment as succeeded (the unique index allows one per order) and moves the status.
   * Recording the same intent again changes nothing.
   */
  async function recordSuccess(tx: Tx, intent: GatewayIntent, actorUserId: string | null): Promise<OrderRow> {
    if (!intent.orderId) throw noSuchOrder();
    const order = await lockOrder(tx, intent.orderId);
    if (order.transactionId === intent.id) return order;
    assertTransition(order.status, "paid");
    assertPays(intent, order);
    const paid = await changeStatus(tx, order, {
      to: "paid",
      actorUserId,
      note: `Paid by card (${gateway.name} payment ${intent.id})`,
      set: { transactionId: intent.id },
    });
    try {
      const [recorded] = await tx
        .update(payments)
        .set({ status: "succeeded", failureMessage: null, updatedAt: new Date() })
        .where(eq(payments.intentId, intent.id))
        .returning({ id: payments.id });
      if (!recorded) {
        await tx.insert(payments).values({
          orderId: order.id,
          gateway: gateway.name,
          intentId: intent.id,
          amountCents: intent.amountCents,
          currency: intent.currency,
          status: "succeeded",
        });
      }
    } catch (err) {
      if (isPgError(err, "uniqueViolation")) throw conflict("This order is already paid");
      throw err;
    }
    return paid;
  }

  /**
   * The order's payments this gateway may still take money for: neither succeeded nor cancelled at
   * the gateway (both are final).
   */
  const openPaymentsOf = (orderId: string) =>
    and(
      eq(payments.orderId, orderId),
      eq(payments.gateway, gateway.name),
      notInArray(payments.status, ["succeeded", "canceled"]),
    );

  /** For cancelling an unpaid order: its payments are cancelled at the gateway first. */
  const openPayments: OpenPayments = {
    async close(orderId) {
      const open = await db
        .select({ intentId: payments.intentId })
        .from(payments)
        .where(openPaymentsOf(orderId))
        .orderBy(asc(payments.createdAt));
      const closed = new Set<string>();
      for (const { intentId } of open) {
        const intent = await gateway.cancelIntent(intentId);
        if (intent?.status === "succeeded") {
          // The card was charged before the cancel: the payment stands, so the order is paid.
          return { paid: await db.transaction((tx) => recordSuccess(tx, intent, null)) };
        }
        if (intent && intent.status !== "canceled") {
          throw conflict("A card payment of this order is still going through; try again in a few minutes");
        }
        if (intent) {
          // Cancelled now, or already before: recorded, so no later cancel asks the gateway again.
          await db
            .update(payments)
            .set({ status: "canceled", updatedAt: new Date() })
            .where(and(eq(payments.intentId, intentId), ne(payments.status, "succeeded")));
        }
        closed.add(intentId);
      }
      return { closed };
    },

    async openBesides(tx, orderId, closed) {
      const open = await tx
        .select({ intentId: payments.intentId })
        .from(payments)
        .where(openPaymentsOf(orderId));
      return open.some((p) => !closed.has(p.intentId));
    },
  };

  return {
    openPayments,

    /**
     * Starts paying an order: the amount is the stored unit price × quantity. An earlier intent of
     * the order that can still be paid is reused; one that went through (its confirmation was lost)
     * is recorded, and the order is then already paid.
     */
    async startPayment(buyer: SessionUser, orderId: string): Promise<PaymentIntentResponse> {
      const order = await ownOrder(buyer, orderId);
      assertTransition(order.status, "paid");
      const amount = orderAmountCents(order);

      const [latest] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.gateway, gateway.name)))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      // A cancelled payment stays cancelled: no need to ask the gateway about it.
      const earlier =
        latest && latest.status !== "canceled" ? await gateway.retrieveIntent(latest.intentId) : undefined;
      if (earlier?.status === "succeeded") {
        await db.transaction((tx) => recordSuccess(tx, earlier, buyer.id));
        throw conflict("This order is already paid");
      }
      const reusable =
        earlier &&
        payableStatuses.has(earlier.status) &&
        earlier.amountCents === amount &&
        earlier.currency === shopCurrency &&
        earlier.orderId === order.id;
      const intent = reusable
        ? earlier
        : await gateway.createIntent({ orderId: order.id, amountCents: amount, currency: shopCurrency });
      if (!reusable) {
        try {
          // Recorded under the order's lock, and only while it is unpaid: cancelling the order takes
          // the same lock and then sees this payment, so it cannot miss one and leave it payable.
          await db.transaction(async (tx) => {
            const locked = await lockOrder(tx, order.id);
            assertTransition(locked.status, "paid");
            await tx.insert(payments).values({
              orderId: order.id,
              gateway: gateway.name,
              intentId: intent.id,
              amountCents: amount,
              currency: shopCurrency,
            });
          });
        } catch (err) {
          // Cancelled (or paid) meanwhile. The browser never gets this intent's secret; cancel it anyway.
          await gateway.cancelIntent(intent.id).catch(() => undefined);
          throw err;
        }
      }
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amountCents,
        currency: intent.currency,
      };
    },

    /**
     * PATCH /api/order/{id}: the buyer says the payment went through. Believed only after the
     * gateway confirms it for this order and amount. Repeating it for the payment that paid the
     * order (or after the webhook did) answers the paid order again.
     */
    async confirmOrderPayment(buyer: SessionUser, orderId: string, transactionId: string): Promise<OrderRow> {
      const order = await ownOrder(buyer, orderId);
      if (order.transactionId === transactionId) return order;
      assertTransition(order.status, "paid");
      const [attempt] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.intentId, transactionId), eq(payments.orderId, order.id)));
      if (!attempt) throw badRequest("That payment is not one of this order's payments");
      const intent = await gateway.retrieveIntent(transactionId);
      assertPays(intent, order);
      return db.transaction((tx) => recordSuccess(tx, intent, buyer.id));
    },

    /**
     * A verified gateway event, applied once: its id is recorded in the same transaction as its
     * effect, so a redelivery (or a concurrent duplicate) finds it and changes nothing.
     */
    handleEvent(event: GatewayEvent): Promise<WebhookOutcome> {
      return db.transaction(async (tx): Promise<WebhookOutcome> => {
        const fresh = await tx
          .insert(webhookEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (fresh.length === 0) return { outcome: "duplicate" };
        const intent = event.intent;
        // Not one of ours (another app on the same Stripe account, say): nothing to apply.
        if (!intent?.orderId) return { outcome: "ignored" };

        if (event.type === "payment_intent.succeeded") {
          try {
            // A savepoint: a refusal undoes its own writes, and the event stays recorded.
            await tx.transaction((inner) => recordSuccess(inner, intent, null));
            return { outcome: "applied" };
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            return { outcome: "refused", reason: err.message, orderId: intent.orderId };
          }
        }
        if (event.type === "payment_intent.payment_failed") {
          await tx
            .update(payments)
            .set({ failureMessage: intent.failureMessage ?? "The payment failed", updatedAt: new Date() })
            .where(eq(payments.intentId, intent.id));
          return { outcome: "applied" };
        }
        return { outcome: "ignored" };
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
