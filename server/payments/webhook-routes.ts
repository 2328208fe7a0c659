import type { FastifyInstance } from "fastify";
import { stripeEventAnswer, stripeEventBody } from "../../contract/shop-answers";
import { badRequest } from "../http/errors";
import type { PaymentsService } from "./service";
import type { StripeGateway } from "./stripe-gateway";

/**
 * POST /api/webhooks/stripe. The signature covers the exact bytes Stripe sent, so this route (and
 * only this one: the parser is scoped to its plugin) receives the body raw.
 */
export function stripeWebhookRoutes(
  app: FastifyInstance,
  deps: { gateway: StripeGateway; payments: PaymentsService },
) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    // Public: Stripe calls it; the signature is its check.
    scope.post(
      "/api/webhooks/stripe",
      {
        config: { access: "public" },
        schema: {
          tags: ["Payments"],
          summary: "Stripe's events (only Stripe calls it: the Stripe-Signature header is checked)",
          description: "The body is the event exactly as Stripe sent it, signed.",
          body: stripeEventBody,
          response: { 200: stripeEventAnswer },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest("Send the event as the request body");
        const signature = request.headers["stripe-signature"];
        const event = deps.gateway.readEvent(
          request.body,
          typeof signature === "string" ? signature : undefined,
        );
        const result = await deps.payments.handleEvent(event);
        if (result.outcome === "refused") {
          // The card was charged but the order cannot take it (cancelled, already paid, amount differs):
          // a person has to refund it. Stripe is told "received", as a retry would not change this.
          request.log.error(
            { eventId: event.id, intentId: event.intent?.id, orderId: result.orderId, reason: result.reason },
            "payment succeeded but was not applied to its order; refund it",
          );
        }
        return { received: true };
      },
    );
  });
}
