/**
 * The webhooks domain's port: how a domain records one of the shop's events (contract/webhooks.ts)
 * for the admins' endpoints, in the transaction of the change (the outbox pattern the mail uses):
 * a delivery row per enabled endpoint subscribed to the event, none when there is none.
 *
 *   await db.transaction(async (tx) => {
 *     ... the change itself ...
 *     await recordWebhookEvent(tx, "order.shipped", order.id, orderEventDataOf(order));
 *   });
 *
 * - `key` names the thing the event is about (the order's id for `order.*`, the document's for
 *   `invoice.issued`, the stock movement's for `stock.low`): the message id is made of the event and
 *   the key, so recording the same event twice gives one delivery per endpoint.
 * - One statement, whether or not an endpoint is subscribed (then it inserts nothing).
 * Import this module, never server/webhooks/tables.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { WebhookEvent, webhookEventData } from "#contract/webhooks";
import type { Db, Tx } from "#server/db/database";
import { webhookDeliveries, webhookEndpoints } from "./tables";

/** What an event's body carries as `data` (contract/webhooks.ts `webhookEventData`). */
export type WebhookEventData<E extends WebhookEvent> = z.input<(typeof webhookEventData)[E]>;

/**
 * The Standard Webhooks message id (`webhook-id`) of an event about `key`: `msg_order_placed_<key>`.
 * Safe in an HTTP header (letters, digits, `_` and `-`); the same however often it is recorded.
 */
export function webhookMessageId(event: WebhookEvent, key: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`webhook event key "${key}" is not header-safe`);
  return `msg_${event.replace(".", "_")}_${key}`;
}

/** The insert, for every enabled endpoint subscribed to `event`, when `when` holds. */
function deliveriesInsert<E extends WebhookEvent>(
  event: E,
  key: string,
  data: WebhookEventData<E>,
  at: Date,
  when: SQL,
): SQL {
  const payload = JSON.stringify({ type: event, timestamp: at.toISOString(), data });
  return sql`insert into ${webhookDeliveries} (endpoint_id, message_id, event, payload)
      select id, ${webhookMessageId(event, key)}, ${event}, ${payload}::jsonb
      from ${webhookEndpoints}
      where enabled and ${event}::text = any(events)${when}
      on conflict (message_id, endpoint_id) do nothing`;
}

/**
 * Records `event` about `key` for every enabled endpoint subscribed to it, in `tx` (the transaction
 * of the change, or `db` when there is no other write); `at` is when the change happened.
 */
export async function recordWebhookEvent<E extends WebhookEvent>(
  tx: Db | Tx,
  event: E,
  key: string,
  data: WebhookEventData<E>,
  at: Date = new Date(),
): Promise<void> {
  const result = await tx.execute(sql`${deliveriesInsert(event, key, data, at, sql``)} returning 1`);
  // The caller's transaction may not have committed yet: the deliverer looks again a moment later too.
  if ((result as unknown as { rows: unknown[] }).rows.length > 0) announceWebhooks();
}

/**
 * The same insert as `recordWebhookEvent`, as one query of a caller's `WITH` statement: recorded
 * only if `source` (the name of a query of that `WITH`) has a row, in the statement's own
 * transaction. For a change made in ONE statement (orders/take-stock.ts, orders/checkout.ts): no
 * round trip more. It returns a row per delivery recorded: select `count(*)` of it in the
 * statement and call `announceWebhooks()` when it is not 0 (no endpoint subscribed, no nudge).
 */
export function recordWebhookEventFrom<E extends WebhookEvent>(
  source: SQL,
  event: E,
  key: string,
  data: WebhookEventData<E>,
  at: Date = new Date(),
): SQL {
  return sql`${deliveriesInsert(event, key, data, at, sql` and exists (select from ${source})`)} returning 1`;
}

const recorded = new EventTarget();

/** Nudges this process's deliverer: an event may have been recorded (it looks again a moment later too). */
export function announceWebhooks(): void {
  queueMicrotask(() => recorded.dispatchEvent(new Event("recorded")));
}

/** The deliverer's subscription to `announceWebhooks`; answers the unsubscribe. */
export function onWebhooksAnnounced(listener: () => void): () => void {
  recorded.addEventListener("recorded", listener);
  return () => recorded.removeEventListener("recorded", listener);
}
