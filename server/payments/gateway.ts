import type { PaymentGatewayName } from "../../contract/payments";

// The port through which card payments leave the shop. Two adapters: `simulated` (in-process,
// Stripe's test cards) and `stripe` (the official SDK). Services see only this.

/** Stripe's PaymentIntent statuses; the simulated gateway uses the same. */
export const intentStatuses = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
export type IntentStatus = (typeof intentStatuses)[number];

/** A payment attempt as the gateway knows it. */
export type GatewayIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** The order it was created for (metadata), undefined when the gateway has none. */
  orderId: string | undefined;
  /** Why the last attempt failed ("Your card was declined."), if it did. */
  failureMessage: string | undefined;
  /** The card that paid (brand as the gateway names it: visa, mastercard, amex…), when the gateway says. */
  card: PaidCard | undefined;
};

export type PaidCard = { brand: string; last4: string };

/**
 * Why money is given back: a second charge of a paid order ("duplicate"), a charge of an order
 * cancelled meanwhile ("order_cancelled"), or an admin's refund of a paid order
 * ("requested_by_customer", POST /api/allOrder/{id}/refund).
 */
export type RefundReason = "duplicate" | "order_cancelled" | "requested_by_customer";

/** Money given back for a payment. */
export type GatewayRefund = { id: string; amountCents: number };

/** An event the gateway pushed to us (a verified Stripe webhook), reduced to what we act on. */
export type GatewayEvent = { id: string; type: string; intent: GatewayIntent | undefined };

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** The key the browser uses to talk to the gateway directly (Stripe Elements); none for simulated. */
  readonly publishableKey: string | undefined;
  createIntent(request: { orderId: string; amountCents: number; currency: string }): Promise<GatewayIntent>;
  /** The intent as the gateway knows it now; undefined when the gateway has no such intent. */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Cancels an intent so that it can no longer be paid, and answers it as the gateway knows it
   * afterwards: "canceled", or "succeeded" when the money was taken first (nothing is cancelled
   * then), or still "processing" when it could not be stopped. Cancelling a cancelled intent
   * changes nothing. Undefined when the gateway has no such intent.
   */
  cancelIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Gives back the whole amount of a succeeded intent (Stripe: a Refund of its charge). Asking again
   * for the same intent answers the same refund and moves no more money. Undefined when there is
   * nothing the gateway can refund (no such intent, or it never succeeded).
   */
  refundIntent(id: string, reason: RefundReason): Promise<GatewayRefund | undefined>;
}

/** Intents in these states can still be paid, so a second visit to the payment page reuses them. */
export const payableStatuses: ReadonlySet<IntentStatus> = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
]);
