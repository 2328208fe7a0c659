// FOR TESTS ONLY: a tiny stand-in for api.stripe.com on 127.0.0.1, speaking the few endpoints the
// shop calls (Payment Intents: create, retrieve, confirm, cancel; Refunds: create, list), so the
// Stripe adapter runs through the official SDK with no account. Point the shop at it with
// STRIPE_API_BASE=<url>.
import crypto from "node:crypto";
import http from "node:http";
import { listenOnLocalhost } from "../local-server";

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  cancellation_reason: string | null;
  /** The card's payment method once confirmed (its id; the object with `expand[]=payment_method`). */
  payment_method: string | null;
  livemode: false;
  created: number;
};

export type FakePaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
};

/** Stripe's test payment methods that succeed, and the card each stands for. */
const testCards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_amex: { brand: "amex", last4: "8431" },
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: "succeeded";
  created: number;
};

/** Stripe's test payment methods the fake understands on confirm. */
const declines: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
};

/** The statuses Stripe lets a PaymentIntent be cancelled from (and, rarely, "processing": never here). */
const cancellable = new Set([
  "requires_payment_method",
  "requires_capture",
  "requires_confirmation",
  "requires_action",
]);

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

/** Stripe's form encoding, flat: "metadata[orderId]=x" becomes { "metadata[orderId]": "x" }. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** The metadata hash of a form: { "metadata[orderId]": "x" } becomes { orderId: "x" }. */
const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith("metadata["))
      .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
  );

export type FakeStripe = {
  url: string;
  intents: Map<string, FakeIntent>;
  /** Refunds by id; Stripe refunds a PaymentIntent's charge at most once in full. */
  refunds: Map<string, FakeRefund>;
  /** Every request the fake received, as "METHOD /path". */
  requests: string[];
  /** A webhook event's JSON for an intent, as Stripe would post it (sign it with generateTestHeaderString). */
  eventPayload(type: string, intent: FakeIntent, eventId?: string): string;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const refunds = new Map<string, FakeRefund>();
  const requests: string[] = [];
  /** Stripe's idempotency: a POST repeated with the same Idempotency-Key gets the first answer again. */
  const answered = new Map<string, { status: number; body: unknown }>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };
  const unexpectedState = (res: http.ServerResponse, intent: FakeIntent, action: "confirm" | "cancel") =>
    send(res, 400, {
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intent,
      },
    });
  const missing = (res: http.ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${what}'`,
      },
    });

  /** POST /v1/refunds {payment_intent}: the whole amount of a succeeded intent, once. */
  function refund(form: Record<string, string>): { status: number; body: unknown } {
    const intentId = form.payment_intent ?? "";
    const intent = intents.get(intentId);
    if (!intent) {
      return {
        status: 404,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such payment_intent: '${intentId}'`,
          },
        },
      };
    }
    if (intent.status !== "succeeded") {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "charge_not_refundable",
            message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          },
        },
      };
    }
    if ([...refunds.values()].some((r) => r.payment_intent === intentId)) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge ch_${intentId.slice(3)} has already been refunded.`,
          },
        },
      };
    }
    const created: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intentId,
      reason: form.reason ?? null,
      metadata: metadataOf(form),
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(created.id, created);
    return { status: 200, body: created };
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      requests.push(`${req.method} ${path}`);
      if (!req.headers.authorization?.startsWith("Bearer sk_test_")) {
        return send(res, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      const form = parseForm(raw);

      if (req.method === "GET" && path === "/v1/refunds") {
        const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
        const intentId = query.get("payment_intent");
        const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId);
        return send(res, 200, { object: "list", url: "/v1/refunds", has_more: false, data });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const key = req.headers["idempotency-key"];
        const earlier = typeof key === "string" ? answered.get(key) : undefined;
        const answer = earlier ?? refund(form);
        if (typeof key === "string") answered.set(key, answer);
        return send(res, answer.status, answer.body);
      }

      if (req.method === "POST" && path === "/v1/payment_intents") {
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              param: "amount",
              message: "Amount must be at least $0.50 usd",
            },
          });
        }
        const intentId = id("pi");
        const metadata = metadataOf(form);
        const intent: FakeIntent = {
          id: intentId,
          object: "payment_intent",
          amount,
          currency: form.currency ?? "usd",
          status: "requires_payment_method",
          client_secret: `${intentId}_secret_${crypto.randomBytes(12).toString("hex")}`,
          metadata,
          last_payment_error: null,
          cancellation_reason: null,
          payment_method: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(intentId, intent);
        return send(res, 200, intent);
      }

      const one = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
      const intent = one ? intents.get(decodeURIComponent(one[1] ?? "")) : undefined;
      if (one && !intent) return missing(res, one[1] ?? "");
      if (intent && req.method === "GET" && !one?.[2]) {
        const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
        const expanded = [...query].some(([k, v]) => k.startsWith("expand") && v === "payment_method");
        const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
        return send(res, 200, expanded && method ? { ...intent, payment_method: method } : intent);
      }
      if (intent && req.method === "POST" && one?.[2] === "cancel") {
        if (!cancellable.has(intent.status)) return unexpectedState(res, intent, "cancel");
        intent.status = "canceled";
        intent.cancellation_reason = form.cancellation_reason ?? null;
        return send(res, 200, intent);
      }
      if (intent && req.method === "POST" && one?.[2] === "confirm") {
        if (intent.status === "canceled" || intent.status === "succeeded") {
          return unexpectedState(res, intent, "confirm");
        }
        const decline = declines[form.payment_method ?? ""];
        if (decline) {
          intent.last_payment_error = { type: "card_error", ...decline };
          return send(res, 402, { error: { type: "card_error", ...decline, payment_intent: intent } });
        }
        const card = testCards[form.payment_method ?? ""] ?? testCards.pm_card_visa;
        const method: FakePaymentMethod = {
          id: id("pm"),
          object: "payment_method",
          type: "card",
          card: { brand: card?.brand ?? "visa", last4: card?.last4 ?? "4242", exp_month: 12, exp_year: 2034 },
        };
        paymentMethods.set(method.id, method);
        intent.payment_method = method.id;
        intent.status = "succeeded";
        intent.last_payment_error = null;
        return send(res, 200, intent);
      }
      return send(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
      });
    });
  });

  const { url, close } = await listenOnLocalhost(server);

  return {
    url,
    intents,
    refunds,
    requests,
    eventPayload(type, intent, eventId = id("evt")) {
      return JSON.stringify({
        id: eventId,
        object: "event",
        api_version: "2025-01-27.acacia",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: intent },
      });
    },
    close,
  };
}
