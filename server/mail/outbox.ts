/**
 * The mail domain's port: how any domain sends an email.
 *
 *   await db.transaction(async (tx) => {
 *     ... the change itself ...
 *     await enqueueMail(tx, { kind: "order-placed", to, subject, html, text, dedupeKey: `order-placed:${id}` });
 *   });
 *
 * - Call it with the transaction of the change that causes the message (or `db` when there is no
 *   other write): the message exists exactly when the change committed, never one without the other.
 * - `dedupeKey` (optional, unique across the outbox): one event makes one message; a second enqueue
 *   with the same key is ignored and answers `false`. Name it `<kind>:<id of the thing>`.
 * - `html` and `text` are the two parts of the message; `text` must stand on its own.
 * - Delivery is the sender's job (server/mail/sender.ts): retried with backoff when the SMTP server
 *   is down or refuses, sent once even with several servers. Without SMTP_URL the message is kept in
 *   the outbox, readable in the dashboard's Outbox page.
 * Import this module, never server/mail/tables.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database";
import { outbox } from "./tables";

/**
 * A file a message carries, stored as a reference (outbox.attachments) and resolved into bytes when
 * the message is sent (the sender's `attachments`): an invoice's or credit note's PDF.
 */
export type MailAttachment = { filename: string; invoiceId: string };

export type MailMessage = {
  /** "password-reset", "verify-email", "order-placed", ...: shown in the Outbox page. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  dedupeKey?: string;
  attachments?: MailAttachment[];
};

const enqueued = new EventTarget();

/** Adds a message to the outbox; `false` when a message with the same dedupeKey already exists. */
export async function enqueueMail(tx: Db | Tx, message: MailMessage): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values({
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      dedupeKey: message.dedupeKey,
      attachments: message.attachments?.length ? message.attachments : null,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  // The caller's transaction may not have committed yet: the sender looks again a moment later too.
  if (rows.length > 0) announceMail(message);
  return rows.length > 0;
}

/**
 * The same insert as `enqueueMail`, as one query of a caller's `WITH` statement: the message is added
 * once if `source` (the name of a query of that `WITH`) has a row, in the statement's own
 * transaction. For a change made in ONE statement so that a hot row is locked only while PostgreSQL
 * runs it (orders/take-stock.ts). Call `announceMail(message)` when the statement placed it.
 */
export function enqueueMailFrom(source: SQL, message: MailMessage): SQL {
  return sql`insert into ${outbox} (kind, recipient, subject, html, text, dedupe_key)
      select ${message.kind}, ${message.to}, ${message.subject}, ${message.html}, ${message.text}, ${message.dedupeKey ?? null}
      from ${source} limit 1
      on conflict (dedupe_key) do nothing`;
}

/** Nudges this process's sender for a message added by `enqueueMailFrom`. */
export function announceMail(message: MailMessage): void {
  queueMicrotask(() => enqueued.dispatchEvent(new CustomEvent("mail", { detail: message })));
}

/**
 * Calls `listener` with each message enqueued in this process (the sender's nudge), possibly before
 * the enqueuing transaction commits; returns the unsubscribe.
 */
export function onMailEnqueued(listener: (message: MailMessage) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<MailMessage>).detail);
  enqueued.addEventListener("mail", handler);
  return () => enqueued.removeEventListener("mail", handler);
}
