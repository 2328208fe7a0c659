/**
 * The webhooks domain's port: how a domain records one of the shop's events (contract/webhooks.ts)
 * for the admins' endpoints, in the transaction of the change (the outbox pattern the mail uses):
 * a delivery row per enabled endpoint subscribed to the event, none when there is none.
 *
 * TODO(issue 29, events helper): recordWebhookEvent(tx, event, key, data) and the SQL form for the
 * single-statement order paths; both call `announceWebhooks()` once the row may exist.
 */

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
