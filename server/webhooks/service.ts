import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { ListQuery } from "../../contract/pagination";
import type {
  WebhookDeliveryAnswer,
  WebhookEndpointAnswer,
  WebhookEndpointBody,
  WebhookEvent,
} from "../../contract/webhooks";
import type { Db } from "../db/database";
import { cursorKey, inRange, keyset } from "../db/keyset";
import type { Page } from "../db/paging";
import { checkWebhookAddress } from "./address-guard";
import { webhookDeliveries, webhookEndpoints } from "./tables";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentEndpoint(row: EndpointRow): WebhookEndpointAnswer {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    failingSince: iso(row.failingSince),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDeliveryAnswer {
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    // Only a pending delivery has a next attempt.
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
  };
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** An endpoint's deliveries, newest first (webhook_deliveries_endpoint_idx). */
const newestFirst = keyset("desc", [
  [webhookDeliveries.createdAt, "timestamp"],
  [webhookDeliveries.id, "uuid"],
]);

/** The admins' webhook endpoints: add (the secret shown once), list, change, delete, and their deliveries. */
export function createWebhooksService(db: Db, options: { allowPrivate: boolean }) {
  const endpointById = (id: string) =>
    db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .then((rows) => rows[0]);

  return {
    /** Adds an endpoint once its address passes the guard (400 otherwise); answers it with its secret. */
    async create(body: WebhookEndpointBody): Promise<WebhookEndpointAnswer & { secret: string }> {
      await checkWebhookAddress(body.url, options.allowPrivate);
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          url: body.url,
          description: body.description || null,
          events: body.events,
          secret: newWebhookSecret(),
        })
        .returning();
      if (!row) throw new Error("the endpoint was not added");
      return { ...presentEndpoint(row), secret: row.secret };
    },

    /** Every endpoint, oldest first, without secrets. */
    async list(): Promise<WebhookEndpointAnswer[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
      return rows.map(presentEndpoint);
    },

    /**
     * Switches an endpoint on or off, or changes its events; switched on again, it starts afresh
     * (no failing streak, no reason) and its waiting deliveries go out. Undefined: no such endpoint.
     */
    async update(
      id: string,
      changes: { enabled?: boolean | undefined; events?: WebhookEvent[] | undefined },
    ): Promise<WebhookEndpointAnswer | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          ...(changes.events !== undefined && { events: changes.events }),
          ...(changes.enabled !== undefined && { enabled: changes.enabled }),
          ...(changes.enabled === true && { failingSince: null, disabledReason: null }),
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row && presentEndpoint(row);
    },

    /** Deletes an endpoint and its deliveries; false when there was none. */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** An endpoint's deliveries, newest first, paged; undefined when there is no such endpoint. */
    async deliveries(id: string, q: ListQuery): Promise<Page<WebhookDeliveryAnswer> | undefined> {
      if (!(await endpointById(id))) return undefined;
      const own = eq(webhookDeliveries.endpointId, id);
      const page = await newestFirst.list(
        q,
        (range) =>
          inRange(
            db
              .select({ row: webhookDeliveries, [cursorKey]: newestFirst.key })
              .from(webhookDeliveries)
              .$dynamic(),
            range,
            own,
          ),
        db.$count(webhookDeliveries, own),
      );
      return { ...page, items: page.items.map((i) => presentDelivery(i.row)) };
    },

    /**
     * "Send again": the delivery goes back to pending, due now, with the same webhook-id (a receiver
     * that saw it already recognises it). Undefined when the endpoint has no such delivery.
     */
    async sendAgain(id: string, deliveryId: string): Promise<WebhookDeliveryAnswer | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: new Date(), deliveredAt: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
        .returning();
      return row && presentDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
