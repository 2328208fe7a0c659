import Stripe from "stripe";
import { badRequest } from "../http/errors";
import {
  type GatewayEvent,
  type GatewayIntent,
  intentStatuses,
  type PaidCard,
  type PaymentGateway,
} from "./gateway";

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the API is, e.g. http://127.0.0.1:12111 for our fake in tests; Stripe's own when undefined. */
  apiBase: string | undefined;
};

export type StripeGateway = PaymentGateway & {
  readonly name: "stripe";
  /** Verifies a webhook's signature on its raw body; a 400 when it does not match. */
  readEvent(rawBody: Buffer, signature: string | undefined): GatewayEvent;
};

/** Stripe's largest charge in USD without a raised limit: $999,999.99. */
export const stripeMaxAmountCents = 99_999_999;

function apiHost(apiBase: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** The card of an intent's payment method, when it came expanded (retrieve asks for it). */
function cardOf(pi: Stripe.PaymentIntent): PaidCard | undefined {
  const method = pi.payment_method;
  if (!method || typeof method === "string" || !method.card) return undefined;
  return { brand: method.card.brand, last4: method.card.last4 };
}

function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    amountCents: pi.amount,
    currency: pi.currency,
    // A status newer than this code knows is treated as still in flight: never as paid.
    status: intentStatuses.find((s) => s === pi.status) ?? "processing",
    orderId: pi.metadata?.orderId,
    failureMessage: pi.last_payment_error?.message ?? undefined,
    card: cardOf(pi),
  };
}

/** Payment Intents through the official SDK; the browser pays with Stripe Elements. */
export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const stripe = new Stripe(settings.secretKey, { ...apiHost(settings.apiBase), maxNetworkRetries: 2 });

  async function retrieveIntent(id: string): Promise<GatewayIntent | undefined> {
    try {
      return toIntent(await stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] }));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing") {
        return undefined;
      }
      throw err;
    }
  }

  return {
    name: "stripe",
    publishableKey: settings.publishableKey,

    async createIntent({ orderId, amountCents, currency }) {
      if (amountCents > stripeMaxAmountCents) {
        throw badRequest("Orders over $999,999.99 cannot be paid by card; please contact us to pay");
      }
      try {
        const pi = await stripe.paymentIntents.create({
          amount: amountCents,
          currency,
          metadata: { orderId },
          automatic_payment_methods: { enabled: true },
        });
        return toIntent(pi);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw badRequest(`The card payment could not be started: ${err.message}`);
        }
        throw err;
      }
    },

    retrieveIntent,

    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id, { cancellation_reason: "abandoned" }));
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if (err.code === "resource_missing") return undefined;
        // Succeeded, already cancelled, or too far along to stop: the intent's status says which.
        if (err.code === "payment_intent_unexpected_state") return retrieveIntent(id);
        throw err;
      }
    },

    async refundIntent(id, reason) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: id,
            // Stripe's own reasons: a second charge is a duplicate, an admin's refund is requested by
            // the customer; an order cancelled before its charge landed has none of them.
            ...(reason === "order_cancelled" ? {} : { reason }),
            metadata: { reason },
          },
          // One refund per intent, whoever asks and however often (a retried webhook, a lost answer).
          { idempotencyKey: `refund-${id}` },
        );
        return { id: refund.id, amountCents: refund.amount };
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if (err.code === "charge_already_refunded") {
          const [earlier] = (await stripe.refunds.list({ payment_intent: id, limit: 1 })).data;
          if (earlier) return { id: earlier.id, amountCents: earlier.amount };
        }
        // No such intent, or no charge that went through: nothing to give back.
        return undefined;
      }
    },

    readEvent(rawBody, signature) {
      if (!signature) throw badRequest("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw badRequest("The webhook signature does not match");
      }
      const intent = event.type.startsWith("payment_intent.")
        ? toIntent(event.data.object as Stripe.PaymentIntent)
        : undefined;
      return { id: event.id, type: event.type, intent };
    },
  };
}
