import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

/**
 * The gateway's word on a payment: "canceled" once the gateway has cancelled it (its order was
 * cancelled), after which it can never be paid.
 */
export const paymentStatuses = [
  "requires_payment_method",
  "processing",
  "succeeded",
  "failed",
  "canceled",
] as const;

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "payments_status_known",
      sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled')`,
    ),
    index("payments_order_idx").on(t.orderId),
    // An order can be paid once: at most one succeeded payment per order.
    uniqueIndex("payments_one_success_per_order").on(t.orderId).where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Webhook events already processed, so a redelivered event is applied once. */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
