import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * waiting: to be sent at next_attempt_at; sending: claimed by a sender until next_attempt_at (then
 * waiting again if that sender died); sent; failed: gave up after the last attempt; kept: no SMTP
 * server is configured, the message stays here for admins to read (the Outbox page).
 */
export const outboxStatuses = ["waiting", "sending", "sent", "failed", "kept"] as const;

/**
 * Every email the shop sends, written in the same transaction as the change that causes it
 * (server/mail/outbox.ts) and delivered by the sender (server/mail/sender.ts).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "password-reset", "verify-email", "order-placed", ... */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** One event makes one message: a second enqueue with the same key is ignored. */
    dedupeKey: text("dedupe_key").unique(),
    /** Files attached when sent, by reference (`MailAttachment[]`, server/mail/outbox.ts): resolved by the sender. */
    attachments: jsonb("attachments"),
    status: text("status", { enum: outboxStatuses }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("outbox_status_known", sql`${t.status} in ('waiting', 'sending', 'sent', 'failed', 'kept')`),
    check("outbox_kind_length", sql`char_length(${t.kind}) between 1 and 64`),
    check("outbox_sent_has_time", sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
    // The sender's claim: due messages only.
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('waiting', 'sending')`),
    // The Outbox page, newest first.
    index("outbox_created_idx").on(t.createdAt, t.id),
  ],
);
