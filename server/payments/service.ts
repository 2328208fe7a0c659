import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { centsToDollars } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import { type OrderStatus, transitionRefusal } from "#contract/order-status";
import { cardText, type PaymentIntentResponse, type PaymentReceipt } from "#contract/payments";
import type { SessionUser } from "#server/accounts/guards";
import type { Db, Tx } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { badRequest, conflict, HttpError } from "#server/http/errors";
import { noSuchOrder, type OrderRow, orderAmountCents } from "#server/orders/order-view";
import type { OpenPayments } from "#server/orders/service";
import { type GatewayEvent, type GatewayIntent, type PaymentGateway, payableStatuses } from "./gateway";
import { openPaymentStatuses, payments, webhookEvents } from "./tables";

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
  | { outcome: "duplicate" | "applied" | "ignored" | "refunded" }
  | { outcome: "refused"; reason: string; orderId: string | undefined };

/** What became of a payment that went through: it paid its order, or it was given back. */
type Settlement = { kind: "paid"; order: OrderRow } | { kind: "refunded"; order: OrderRow; message: string };

/**
 * What payments need of orders, and the only way they reach them (implemented by orders,
 * server/orders/payment-orders.ts, as payments implement the OpenPayments that orders need): payments
 * never read or write orders' tables.
 */
export type PaymentOrders = {
  /** The buyer's own order; a 404 when there is none, or it is someone else's. */
  ownOrder(buyerId: string, orderId: string): Promise<OrderRow>;
  /** An order's status; undefined when there is no such order. */
  statusOf(orderId: string): Promise<OrderStatus | undefined>;
  /** Reads the order and locks it until `tx` ends, so its payments settle one at a time; a 404 when there is none. */
  lock(tx: Tx, orderId: string): Promise<OrderRow>;
  /** The locked order is paid by `transactionId` (a 409 when the state machine refuses); who and how go in its event. */
  markPaid(
    tx: Tx,
    order: OrderRow,
    paid: {
      transactionId: string;
      actorUserId: string | null;
      note: string;
      /** The card that paid, "Visa ending in 4242", for the receipt; undefined when the gateway did not say. */
      card: string | undefined;
    },
  ): Promise<OrderRow>;
};

export type PaymentsDeps = {
  orders: PaymentOrders;
  /** Where automatic refunds are reported (pino's signature). */
  log?: { warn(details: object, message: string): void };
};

/** A 409 saying why an order of this status cannot be paid, in the shared state machine's words. */
function assertPayable(status: OrderStatus): void {
  const refusal = transitionRefusal(status, "paid");
  if (refusal) throw conflict(refusal);
}

const isOpen = (status: string) => (openPaymentStatuses as readonly string[]).includes(status);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Card payments of orders through the gateway. An order becomes paid only when the gateway says its
 * payment succeeded for this order and this amount: from the buyer's PATCH, from a signed webhook,
 * or when the payment page finds an earlier payment that went through. An order has at most one
 * open payment; a payment that goes through for an order that cannot take it (paid by another
 * payment, or cancelled) is refunded through the gateway and recorded as refunded.
 */
export function createPaymentsService(db: Db, gateway: PaymentGateway, deps: PaymentsDeps) {
  const ownOrder = (buyer: SessionUser, orderId: string) => deps.orders.ownOrder(buyer.id, orderId);

  /**
   * Writes what the gateway said of an intent onto its payment row, or records the payment when the
   * shop never did (an intent found through the gateway, not started here).
   */
  async function recordIntent(
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
  async function refundExtra(tx: Tx, intent: GatewayIntent, order: OrderRow): Promise<Settlement> {
    const cancelled = order.status === "cancelled";
    const message = cancelled
      ? "This order was cancelled; its payment has been refunded"
      : "This order was already paid; this second payment has been refunded";
    const [row] = await tx.select().from(payments).where(eq(payments.intentId, intent.id));
    if (row?.status === "refunded") return { kind: "refunded", order, message };
    const refund = await gateway.refundIntent(intent.id, cancelled ? "order_cancelled" : "duplicate");
    if (!refund) {
      assertPayable(order.status);
      throw conflict("This payment cannot be applied to its order");
    }
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
    await recordIntent(tx, intent, order.id, refunded);
    deps.log?.warn(
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
  async function recordSuccess(
    tx: Tx,
    intent: GatewayIntent,
    actorUserId: string | null,
  ): Promise<Settlement> {
    if (!intent.orderId) throw noSuchOrder();
    const order = await deps.orders.lock(tx, intent.orderId);
    if (order.transactionId === intent.id) return { kind: "paid", order };
    if (order.status !== "pending" && intent.status === "succeeded") return refundExtra(tx, intent, order);
    assertPayable(order.status);
    assertPays(intent, order);
    const paid = await deps.orders.markPaid(tx, order, {
      transactionId: intent.id,
      actorUserId,
      note: `Paid by card (${gateway.name} payment ${intent.id})`,
      card: intent.card && cardText(intent.card),
    });
    try {
      await recordIntent(tx, intent, order.id, {
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

  /**
   * One of the order's open payments, with the order locked: its intent, to hand out again, while it
   * can still be paid; `{ paid: true }` when it went through (now recorded: the order is paid);
   * undefined once it is closed (cancelled or failed, now recorded), so that a new one may start.
   * One that cannot be paid as it is (authorised, or for another amount) is cancelled first; one
   * still going through is a 409, as no second payment may start beside it.
   */
  async function settleOpen(
    tx: Tx,
    payment: typeof payments.$inferSelect,
    order: OrderRow,
    actorUserId: string,
  ): Promise<{ intent: GatewayIntent } | { paid: true } | undefined> {
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
      await recordSuccess(tx, intent, actorUserId);
      return { paid: true };
    }
    if (intent.status === "canceled") {
      await close("canceled");
      return undefined;
    }
    throw conflict("A card payment of this order is still going through; try again in a few minutes");
  }

  /** The order's payments this gateway may still take money for (not succeeded, cancelled, failed or refunded). */
  const openPaymentsOf = (orderId: string) =>
    and(
      eq(payments.orderId, orderId),
      eq(payments.gateway, gateway.name),
      inArray(payments.status, openPaymentStatuses),
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
          // The card was charged before the cancel: the payment stands, so the order is paid (or, if
          // another payment paid it meanwhile, this one is refunded and no longer open).
          const settled = await db.transaction((tx) => recordSuccess(tx, intent, null));
          if (settled.kind === "paid") return { paid: settled.order };
          closed.add(intentId);
          continue;
        }
        if (intent && intent.status !== "canceled") {
          throw conflict("A card payment of this order is still going through; try again in a few minutes");
        }
        if (intent) {
          // Cancelled now, or already before: recorded, so no later cancel asks the gateway again.
          await db
            .update(payments)
            .set({ status: "canceled", updatedAt: new Date() })
            .where(and(eq(payments.intentId, intentId), inArray(payments.status, openPaymentStatuses)));
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

  /** The buyer's word that `transactionId` paid the order, checked with the gateway (confirmOrderPayment). */
  async function settleConfirmed(
    buyer: SessionUser,
    orderId: string,
    transactionId: string,
  ): Promise<OrderRow> {
    const order = await ownOrder(buyer, orderId);
    if (order.transactionId === transactionId) return order;
    const [attempt] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.intentId, transactionId), eq(payments.orderId, order.id)));
    if (!attempt) {
      assertPayable(order.status);
      throw badRequest("That payment is not one of this order's payments");
    }
    const intent = await gateway.retrieveIntent(transactionId);
    if (order.status !== "pending" && intent?.status !== "succeeded") assertPayable(order.status);
    assertPays(intent, order);
    const settled = await db.transaction((tx) => recordSuccess(tx, intent, buyer.id));
    if (settled.kind === "refunded") throw conflict(settled.message);
    return settled.order;
  }

  /**
   * The receipt of a paid order, from its succeeded payment. The card is asked of the gateway when
   * the payment was recorded without it (a webhook names only the payment method's id).
   */
  async function receiptOf(order: OrderRow): Promise<PaymentReceipt> {
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

  return {
    openPayments,

    /**
     * Starts paying an order: the amount is the stored unit price × quantity. An order has one open
     * payment at a time: while it can still be paid, every request gets it (the same client secret),
     * however many arrive at once; a new one is started only once it has failed or been cancelled.
     * One that went through (its confirmation was lost) is recorded, and the order is then paid.
     * All of it happens under the order's row lock, so concurrent requests see each other's payment.
     */
    async startPayment(buyer: SessionUser, orderId: string): Promise<PaymentIntentResponse> {
      const order = await ownOrder(buyer, orderId);
      assertPayable(order.status);
      let created: GatewayIntent | undefined;
      let started: { intent: GatewayIntent } | { paid: true };
      try {
        started = await db.transaction(async (tx) => {
          const locked = await deps.orders.lock(tx, order.id);
          assertPayable(locked.status);
          const open = await tx
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, order.id), inArray(payments.status, openPaymentStatuses)))
            .orderBy(desc(payments.createdAt));
          for (const payment of open) {
            const found = await settleOpen(tx, payment, locked, buyer.id);
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
    },

    /**
     * The simulated gateway's question before it charges a card: only the order's open payment, and
     * only while the order is unpaid. Refuses (409) otherwise, so no money moves.
     */
    async assertChargeable(intent: GatewayIntent): Promise<void> {
      const [payment] = await db
        .select({ status: payments.status, orderId: payments.orderId })
        .from(payments)
        .where(eq(payments.intentId, intent.id));
      const orderId =
        payment?.orderId ?? (intent.orderId && uuidPattern.test(intent.orderId) ? intent.orderId : undefined);
      const orderStatus = orderId === undefined ? undefined : await deps.orders.statusOf(orderId);
      if (orderStatus && orderStatus !== "pending") assertPayable(orderStatus);
      if (!payment || !isOpen(payment.status)) {
        throw conflict("This payment is no longer open; start the payment again");
      }
    },

    /**
     * PATCH /api/order/{id}: the buyer says the payment went through. Believed only after the
     * gateway confirms it for this order and amount. Repeating it for the payment that paid the
     * order (or after the webhook did) answers the paid order again. Another of the order's payments
     * that went through for an order already paid is refunded (409 saying so).
     */
    async confirmOrderPayment(
      buyer: SessionUser,
      orderId: string,
      transactionId: string,
    ): Promise<{ order: OrderRow; receipt: PaymentReceipt }> {
      const paid = await settleConfirmed(buyer, orderId, transactionId);
      return { order: paid, receipt: await receiptOf(paid) };
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
            const settled = await tx.transaction((inner) => recordSuccess(inner, intent, null));
            return { outcome: settled.kind === "paid" ? "applied" : "refunded" };
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
