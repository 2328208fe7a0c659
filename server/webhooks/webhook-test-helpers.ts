// For the webhook tests (not a test file itself): rows written as a recorded event writes them.
import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { OrderEventData, WebhookEvent } from "../../contract/webhooks";
import type { Db } from "../db/database";
import { announceWebhooks } from "./events";
import { newWebhookSecret } from "./service";
import { webhookDeliveries, webhookEndpoints } from "./tables";

/** An order's event data, as the orders domain sends it. */
export const sampleOrderData = (n = 1): OrderEventData => ({
  id: randomUUID(),
  orderNumber: `CM-${10_000 + n}`,
  status: "Pending",
  paymentMethod: "account",
  total: 12.5,
  poNumber: null,
  companyId: null,
  userId: "user-1",
});

/**
 * Records one event as the events port does: a pending delivery per enabled endpoint subscribed to
 * it (one webhook-id for all), then announces it. Answers the webhook-id.
 */
export async function recordTestEvent(
  db: Db,
  event: WebhookEvent = "order.placed",
  data: unknown = sampleOrderData(),
): Promise<string> {
  const messageId = `msg_${randomUUID().replaceAll("-", "")}`;
  const payload = { type: event, timestamp: new Date().toISOString(), data };
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event])));
  if (endpoints.length > 0) {
    await db
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ endpointId: e.id, messageId, event, payload })))
      .onConflictDoNothing();
  }
  announceWebhooks();
  return messageId;
}

/** An endpoint written straight into the table, past the address guard (as if its host's DNS changed since). */
export async function insertEndpoint(db: Db, url: string, events: WebhookEvent[] = ["order.placed"]) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ url, events, secret: newWebhookSecret() })
    .returning();
  if (!row) throw new Error("no endpoint");
  return row;
}
