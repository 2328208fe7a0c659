import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WebhookEvent } from "../../contract/webhooks";

/** An admin's webhook endpoint (contract/webhooks.ts): where, which events, and its signing secret. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  description: text("description"),
  events: text("events").array().$type<WebhookEvent[]>().notNull(),
  /** The Standard Webhooks secret, `whsec_` + base64 of 32 random bytes: needed in clear to sign. */
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  disabledReason: text("disabled_reason"),
  /** The first failed attempt since the last success; null while it succeeds. */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint: the webhooks' outbox. Written in the transaction of the change that
 * causes the event (as the mail outbox is), so a delivery exists exactly when the change committed;
 * the deliverer claims due rows with `for update skip locked`, so several servers send each once.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The Standard Webhooks `webhook-id` (`msg_…`): one per event, the same for every endpoint and attempt. */
    messageId: text("message_id").notNull(),
    event: text("event").$type<WebhookEvent>().notNull(),
    /** The JSON body posted: `{ type, timestamp, data }`. */
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'delivered', 'failed')`),
    // The deliverer's claim: the due pending rows, oldest first.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // An endpoint's deliveries, newest first (the admins' list).
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt, t.id),
    // One delivery per event and endpoint, however often the event is recorded.
    uniqueIndex("webhook_deliveries_message_endpoint_idx").on(t.messageId, t.endpointId),
  ],
);
