import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

/**
 * The gateway's word on a payment: "canceled" once the gateway has cancelled it (its order was
 * cancelled), after which it can never be paid; "failed" when it can never be paid for another
 * reason (the gateway forgot it); "refunded" when it went through for an order that could not take
 * it (paid by another payment, or cancelled) and the shop gave the money back.
 */
export const paymentStatuses = [
  "requires_payment_method",
  "processing",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;

/**
 * The statuses of a payment that can still take money: an order has at most one such payment
 * (the partial unique index below), and a new one is started only once it has failed or been
 * cancelled.
 */
export const openPaymentStatuses = ["requires_payment_method", "processing"] as const;

/** One payment attempt (a PaymentIntent) for an order, as the gateway knows it. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway", { enum: ["simulated", "stripe"] }).notNull(),
    /** The gateway's id for the intent (Stripe: pi_...). */
    intentId: text("intent_id").notNull().unique(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: paymentStatuses }).notNull().default("requires_payment_method"),
    failureMessage: text("failure_message"),
    /** The card that paid, as the gateway names it (visa, mastercard, …) and its last four digits. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The gateway's refund (Stripe: re_...), why the shop gave the money back, and when. */
    refundId: text("refund_id"),
    refundReason: text("refund_reason"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "payments_status_known",
      sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled', 'refunded')`,
    ),
    check("payments_refund_recorded", sql`${t.status} <> 'refunded' or ${t.refundedAt} is not null`),
    index("payments_order_idx").on(t.orderId),
    // An order can be paid once: at most one succeeded payment per order.
    uniqueIndex("payments_one_success_per_order").on(t.orderId).where(sql`${t.status} = 'succeeded'`),
    // An order has one open payment at a time: concurrent payment starts get the same one.
    uniqueIndex("payments_one_open_per_order")
      .on(t.orderId)
      .where(sql`${t.status} in ('requires_payment_method', 'processing')`),
  ],
);

/** Webhook events already processed, so a redelivered event is applied once. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
