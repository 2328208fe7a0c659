import crypto from "node:crypto";
import { HttpError, notFound } from "../http/errors";
import type { GatewayIntent, GatewayRefund, IntentStatus, PaymentGateway } from "./gateway";
import { type CardDetails, chargeTestCard } from "./test-cards";

/**
 * Asked before a card is charged: throws (an HttpError the buyer reads) when the shop will not take
 * this payment, e.g. its order was paid meanwhile. Being in-process, the simulated gateway can do
 * what Stripe cannot: ask first, so no money moves for an order that cannot take it.
 */
export type ChargeCheck = (intent: GatewayIntent) => Promise<void>;

export type SimulatedGateway = PaymentGateway & {
  readonly name: "simulated";
  /**
   * What Stripe.js confirmCardPayment does: charges the card; a decline is a 402 with Stripe's
   * message. `check` runs first, while the intent is "processing" (a second confirmation of it is
   * refused meanwhile, and a cancel wins over the charge).
   */
  confirm(clientSecret: string, card: CardDetails, check?: ChargeCheck): Promise<GatewayIntent>;
};

/** As with Stripe, an intent can be cancelled until it has succeeded. */
const cancellable: ReadonlySet<IntentStatus> = new Set([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "requires_capture",
  "processing",
]);

const token = () => crypto.randomBytes(18).toString("base64url").replace(/[-_]/g, "x");

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * A payment gateway inside the process that behaves like Stripe in test mode: intents with client
 * secrets, Stripe's test cards and decline messages. It keeps intents in memory (the most recent
 * `maxIntents`), as Stripe keeps them on its side: a restart forgets unpaid ones, and the payment
 * page then starts a new one.
 */
export function createSimulatedGateway(options: { maxIntents?: number } = {}): SimulatedGateway {
  const maxIntents = options.maxIntents ?? 10_000;
  const intents = new Map<string, GatewayIntent>();
  /** Refunds by the intent they gave money back for. */
  const refunds = new Map<string, GatewayRefund>();

  function remember(intent: GatewayIntent) {
    intents.set(intent.id, intent);
    if (intents.size > maxIntents) {
      const oldest = intents.keys().next().value;
      if (oldest !== undefined) intents.delete(oldest);
    }
  }

  return {
    name: "simulated",
    publishableKey: undefined,

    async createIntent({ orderId, amountCents, currency }) {
      const id = `pi_sim_${token()}`;
      const intent: GatewayIntent = {
        id,
        clientSecret: `${id}_secret_${token()}`,
        amountCents,
        currency,
        status: "requires_payment_method",
        orderId,
        failureMessage: undefined,
        card: undefined,
      };
      remember(intent);
      return { ...intent };
    },

    async retrieveIntent(id) {
      const intent = intents.get(id);
      return intent && { ...intent };
    },

    async cancelIntent(id) {
      const intent = intents.get(id);
      if (!intent) return undefined;
      if (cancellable.has(intent.status)) intent.status = "canceled";
      return { ...intent };
    },

    async refundIntent(id) {
      const intent = intents.get(id);
      if (intent?.status !== "succeeded") return undefined;
      const earlier = refunds.get(id);
      if (earlier) return { ...earlier };
      const refund = { id: `re_sim_${token()}`, amountCents: intent.amountCents };
      refunds.set(id, refund);
      return { ...refund };
    },

    async confirm(clientSecret, card, check) {
      const id = clientSecret.split("_secret_")[0] ?? "";
      const intent = intents.get(id);
      if (!intent || !sameSecret(intent.clientSecret, clientSecret)) {
        throw notFound("This payment is unknown or has expired; start the payment again");
      }
      if (intent.status === "succeeded") throw new HttpError(409, "This payment has already succeeded");
      if (intent.status === "canceled") throw new HttpError(409, "This payment was canceled");
      if (intent.status === "processing") throw new HttpError(409, "This payment is already going through");
      const before = intent.status;
      intent.status = "processing";
      try {
        await check?.({ ...intent, status: before });
      } catch (err) {
        if (intent.status === "processing") intent.status = before;
        throw err;
      }
      // Cancelled while the shop was asked (its order was cancelled): no charge.
      if (intent.status !== "processing") throw new HttpError(409, "This payment was canceled");
      const outcome = chargeTestCard(card);
      if (!outcome.ok) {
        // As with Stripe, a declined intent can be confirmed again with another card.
        intent.status = before;
        intent.failureMessage = outcome.message;
        throw new HttpError(402, outcome.message);
      }
      intent.status = "succeeded";
      intent.failureMessage = undefined;
      intent.card = outcome.card;
      return { ...intent };
    },
  };
}
