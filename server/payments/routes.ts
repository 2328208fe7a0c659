import type { FastifyInstance } from "fastify";
import { markPaidBody, orderIdParams } from "../../contract/orders";
import {
  createPaymentIntentBody,
  type PaymentsConfig,
  type SimulatedConfirmResponse,
  simulatedConfirmBody,
} from "../../contract/payments";
import type { Guards } from "../accounts/guards";
import { parseInput } from "../http/errors";
import type { OrdersService } from "../orders/service";
import type { ConfiguredGateway } from "./select-gateway";
import type { PaymentsService } from "./service";
import { stripeWebhookRoutes } from "./webhook-routes";

export function paymentRoutes(
  app: FastifyInstance,
  deps: { guards: Guards; payments: PaymentsService; gateway: ConfiguredGateway; orders: OrdersService },
) {
  const { gateway } = deps;

  // Anyone: which gateway the payment page talks to.
  app.get(
    "/api/payments/config",
    async (): Promise<PaymentsConfig> =>
      gateway.publishableKey
        ? { gateway: gateway.name, publishableKey: gateway.publishableKey }
        : { gateway: gateway.name },
  );

  // The order's owner. The amount comes from the stored order; a client-sent price is ignored.
  app.post("/api/create-payment-intent", async (request) => {
    const buyer = await deps.guards.requireUser(request);
    const { orderId } = parseInput(createPaymentIntentBody, request.body);
    return deps.payments.startPayment(buyer, orderId);
  });

  // The order's owner: marks it paid once the gateway confirms the payment.
  app.patch("/api/order/:id", async (request) => {
    const buyer = await deps.guards.requireUser(request);
    const { id } = parseInput(orderIdParams, request.params);
    const { transactionId } = parseInput(markPaidBody, request.body);
    return deps.orders.presentOne(await deps.payments.confirmOrderPayment(buyer, id, transactionId));
  });

  if (gateway.name === "simulated") {
    // What Stripe.js does in the browser: the client secret is the credential, as with Stripe. The
    // shop is asked first: only the order's open payment of an unpaid order is charged.
    app.post("/api/payments/simulated/confirm", async (request): Promise<SimulatedConfirmResponse> => {
      const body = parseInput(simulatedConfirmBody, request.body);
      const intent = await gateway.confirm(body.clientSecret, body, deps.payments.assertChargeable);
      return { id: intent.id, status: "succeeded" };
    });
  } else {
    stripeWebhookRoutes(app, { gateway, payments: deps.payments });
  }
}
