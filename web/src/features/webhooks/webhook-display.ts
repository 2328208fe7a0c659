import {
  type DeliveryStatus,
  type WebhookDeliveryAnswer,
  type WebhookEndpointAnswer,
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
} from "#contract/webhooks";

// How the Webhooks page words an endpoint and its deliveries.

/** The event checkboxes, in the contract's order, with its labels. */
export const eventOptions = webhookEvents.map((event) => ({
  value: event,
  label: webhookEventLabels[event],
}));

export const deliveryStatusLook: Record<DeliveryStatus, { label: string; className: string }> = {
  pending: { label: "Waiting", className: "bg-amber-100 text-amber-900" },
  delivered: { label: "Delivered", className: "bg-green-100 text-green-800" },
  failed: { label: "Failed", className: "bg-red-100 text-red-800" },
};

const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A moment of an answer as the page shows it. */
export function formatMoment(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : moment.format(date);
}

/** "On", or "Switched off" with the server's reason; and since when it has been failing, if it is. */
export function endpointState(endpoint: WebhookEndpointAnswer): {
  label: "On" | "Switched off";
  reason: string | null;
  failingSince: string | null;
} {
  return {
    label: endpoint.enabled ? "On" : "Switched off",
    reason: endpoint.enabled ? null : endpoint.disabledReason,
    failingSince: endpoint.failingSince === null ? null : formatMoment(endpoint.failingSince),
  };
}

export function eventLabel(event: WebhookEvent): string {
  return webhookEventLabels[event];
}

/** What a delivery's answer was: "HTTP 500", or "No answer" when the receiver never answered. */
export function deliveryAnswer(delivery: WebhookDeliveryAnswer): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.attempts === 0 ? "Not tried yet" : "No answer";
}

/** A delivery's status line: "Delivered", "Waiting (next try …)", "Failed". */
export function deliveryStatus(delivery: WebhookDeliveryAnswer): {
  label: string;
  className: string;
  detail: string | null;
} {
  const look = deliveryStatusLook[delivery.status];
  const detail =
    delivery.status === "delivered" && delivery.deliveredAt
      ? `on ${formatMoment(delivery.deliveredAt)}`
      : delivery.status === "pending" && delivery.nextAttemptAt
        ? `next try ${formatMoment(delivery.nextAttemptAt)}`
        : null;
  return { ...look, detail };
}
