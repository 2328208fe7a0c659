import { z } from "zod";
import { listQuery } from "./pagination";

// Webhooks (issue 29): an admin registers an address for some of the shop's events; each event is
// posted to it signed as the Standard Webhooks specification says (webhook-id, webhook-timestamp,
// webhook-signature with the endpoint's secret), retried with backoff for 24 hours.

export const webhookEvents = [
  "order.placed",
  "order.paid",
  "order.shipped",
  "order.cancelled",
  "invoice.issued",
  "stock.low",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookEventLabels: Record<WebhookEvent, string> = {
  "order.placed": "An order is placed",
  "order.paid": "An order is paid by card",
  "order.shipped": "An order ships",
  "order.cancelled": "An order is cancelled",
  "invoice.issued": "An invoice or credit note is issued",
  "stock.low": "A tool's stock falls to its low-stock level",
};

/** An endpoint failing this long without one success is switched off and the admins are told. */
export const webhookGiveUpHours = 24;

export const webhookUrlMax = 2000;

export const webhookMessages = {
  created: "Webhook endpoint added: copy its secret now, it is not shown again",
  updated: "Webhook endpoint saved",
  deleted: "Webhook endpoint deleted",
  sentAgain: "Delivery queued again",
  privateAddress:
    "That address is on a private, loopback or link-local network: webhooks go to public addresses only",
  notHttps: "Enter an http:// or https:// address",
} as const;

const url = z
  .string({ error: "Enter the endpoint's address" })
  .trim()
  .min(1, "Enter the endpoint's address")
  .max(webhookUrlMax, `Use at most ${webhookUrlMax.toLocaleString("en-US")} characters`)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (
        (parsed.protocol === "https:" || parsed.protocol === "http:") && !parsed.username && !parsed.password
      );
    } catch {
      return false;
    }
  }, webhookMessages.notHttps);

const events = z
  .array(z.enum(webhookEvents, { error: `An event is one of ${webhookEvents.join(", ")}` }), {
    error: "Choose the events to send",
  })
  .min(1, "Choose the events to send")
  .refine((e) => new Set(e).size === e.length, "Each event once");

/** `POST /api/webhooks/endpoints`. */
export const webhookEndpointBody = z.object({
  url,
  events,
  description: z.string().trim().max(200).optional(),
});
export type WebhookEndpointBody = z.output<typeof webhookEndpointBody>;

/** `PATCH /api/webhooks/endpoints/{id}`: switch on or off (on again after it was switched off), change the events. */
export const webhookEndpointPatch = z
  .object({ enabled: z.boolean({ error: "enabled is true or false" }).optional(), events: events.optional() })
  .refine((b) => b.enabled !== undefined || b.events !== undefined, "Send enabled or events");

export const webhookEndpointParams = z.object({ id: z.uuid({ error: "That is not a valid endpoint id" }) });
export const webhookDeliveryParams = z.object({
  id: z.uuid({ error: "That is not a valid endpoint id" }),
  deliveryId: z.uuid({ error: "That is not a valid delivery id" }),
});

const moment = z.iso.datetime({ offset: true });

export const webhookEndpointAnswer = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  /** Why it was switched off ("Failing since …"), or null. */
  disabledReason: z.string().nullable(),
  createdAt: moment,
  /** Since when every delivery has failed; null when the last one succeeded (or none was tried). */
  failingSince: moment.nullable(),
});
export type WebhookEndpointAnswer = z.output<typeof webhookEndpointAnswer>;
export const webhookEndpointListAnswer = z.array(webhookEndpointAnswer);
/** `POST` → 201: the endpoint and, this once, its signing secret (`whsec_…`). */
export const createdWebhookEndpointAnswer = webhookEndpointAnswer.extend({ secret: z.string() });

export const deliveryStatuses = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const webhookDeliveryAnswer = z.object({
  id: z.uuid(),
  /** The Standard Webhooks message id (`webhook-id`): the same on every attempt. */
  messageId: z.string(),
  event: z.enum(webhookEvents),
  status: z.enum(deliveryStatuses),
  attempts: z.int(),
  /** The receiver's last HTTP status, or null (no answer: refused, timed out, private address). */
  lastStatusCode: z.int().nullable(),
  lastError: z.string().nullable(),
  createdAt: moment,
  lastAttemptAt: moment.nullable(),
  nextAttemptAt: moment.nullable(),
  deliveredAt: moment.nullable(),
});
export type WebhookDeliveryAnswer = z.output<typeof webhookDeliveryAnswer>;
export const webhookDeliveryListAnswer = z.array(webhookDeliveryAnswer);

/** `GET /api/webhooks/endpoints/{id}/deliveries`: newest first, cursor paged like the other admin lists. */
export const webhookDeliveryListQuery = listQuery;

// What each event's body carries: `{ type, timestamp, data }` (Standard Webhooks' recommended shape).
// Thin on purpose: the ids and the facts of the change; the receiver reads the rest with a token
// (`GET /api/order/{id}`, `GET /api/orders/{id}/invoice.pdf`). Money in dollars, as in every answer.

export const orderEventData = z.object({
  id: z.uuid(),
  /** "CM-10482". */
  orderNumber: z.string(),
  status: z.string(),
  paymentMethod: z.enum(["card", "account"]),
  /** With tax, in dollars. */
  total: z.number(),
  poNumber: z.string().nullable(),
  companyId: z.uuid().nullable(),
  /** The buyer's account id (null once the account is deleted): a buyer's system keeps the events of its own account. */
  userId: z.string().nullable(),
});
export type OrderEventData = z.output<typeof orderEventData>;

export const invoiceEventData = z.object({
  id: z.uuid(),
  /** "INV-2026-000001" or "CN-2026-000001". */
  number: z.string(),
  kind: z.enum(["invoice", "credit_note"]),
  orderId: z.uuid(),
  companyId: z.uuid().nullable(),
  /** With tax, in dollars. */
  total: z.number(),
  /** YYYY-MM-DD, the shop's day. */
  issuedOn: z.string(),
  /** Where the PDF is downloaded (with a token of scope invoices:read, or as an admin). */
  pdf: z.string(),
});
export type InvoiceEventData = z.output<typeof invoiceEventData>;

export const stockLowEventData = z.object({
  toolId: z.uuid(),
  sku: z.string().nullable(),
  name: z.string(),
  /** Pieces left after the change. */
  available: z.int(),
  lowStockAt: z.int().nullable(),
});
export type StockLowEventData = z.output<typeof stockLowEventData>;

export const webhookEventData = {
  "order.placed": orderEventData,
  "order.paid": orderEventData,
  "order.shipped": orderEventData,
  "order.cancelled": orderEventData,
  "invoice.issued": invoiceEventData,
  "stock.low": stockLowEventData,
} as const satisfies Record<WebhookEvent, z.ZodType>;

/** The body of every delivery. */
export const webhookPayload = <E extends WebhookEvent>(event: E) =>
  z.object({
    type: z.literal(event),
    /** When the change happened (ISO 8601). */
    timestamp: z.iso.datetime({ offset: true }),
    data: webhookEventData[event],
  });
