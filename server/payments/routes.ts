import type { FastifyInstance } from "fastify";
import { markPaidBody, orderIdParams } from "../../contract/orders";
import {
  createPaymentIntentBody,
  type PaidOrder,
  type PaymentsConfig,
  paidOrderSchema,
  type SimulatedConfirmResponse,
  simulatedConfirmBody,
} from "../../contract/payments";
import {
  paymentIntentAnswer,
  paymentsConfigAnswer,
  simulatedConfirmAnswer,
} from "../../contract/shop-answers";
import { signedInUser } from "../accounts/access";
import { errorResponse, parseInput } from "../http/errors";
import type { IdempotencyKeys } from "../idempotency/keys";
import type { OrdersService } from "../orders/service";
import type { ConfiguredGateway } from "./select-gateway";
import type { PaymentsService } from "./service";
import { stripeWebhookRoutes } from "./webhook-routes";

export function paymentRoutes(
  app: FastifyInstance,
  deps: {
    payments: PaymentsService;
    gateway: ConfiguredGateway;
    orders: OrdersService;
    idempotency: IdempotencyKeys;
  },
) {
  const { gateway } = deps;

  // Which gateway the payment page talks to.
  app.get(
    "/api/payments/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["Payments"],
        summary: "Which payment gateway the payment page talks to",
        response: { 200: paymentsConfigAnswer },
      },
    },
    async (): Promise<PaymentsConfig> =>
      gateway.publishableKey
        ? { gateway: gateway.name, publishableKey: gateway.publishableKey }
        : { gateway: gateway.name },
  );

  // The order's owner. The amount comes from the stored order; a client-sent price is ignored.
  // With an Idempotency-Key the answer is stored after the start: a start that a dead server left
  // unanswered runs again and gets the order's one open payment back, so no second intent is made.
  app.post(
    "/api/create-payment-intent",
    {
      config: { access: "user" },
      schema: {
        tags: ["Payments"],
        summary:
          "Start paying one of your orders: the gateway's client secret (send an Idempotency-Key to retry safely)",
        body: createPaymentIntentBody,
        response: {
          200: paymentIntentAnswer,
          409: errorResponse("The order cannot be paid (already paid, cancelled)"),
        },
      },
    },
    async (request, reply) => {
      const buyer = signedInUser(request);
      const { orderId } = parseInput(createPaymentIntentBody, request.body);
      return deps.idempotency.run(request, reply, buyer.id, async () => ({
        status: 200,
        body: await deps.payments.startPayment(buyer, orderId),
      }));
    },
  );

  // The order's owner: marks it paid once the gateway confirms the payment.
  // Answers the paid order with its receipt (order number, amount, card, date, where it was emailed).
  app.patch(
    "/api/order/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["Orders"],
        summary: "Mark your order paid once the gateway confirmed the payment: the order with its receipt",
        params: orderIdParams,
        body: markPaidBody,
        response: {
          200: paidOrderSchema,
          402: errorResponse("The payment did not succeed"),
          409: errorResponse("The order cannot take this payment"),
        },
      },
    },
    async (request): Promise<PaidOrder> => {
      const buyer = signedInUser(request);
      const { id } = parseInput(orderIdParams, request.params);
      const { transactionId } = parseInput(markPaidBody, request.body);
      const { order, receipt } = await deps.payments.confirmOrderPayment(buyer, id, transactionId);
      return { ...(await deps.orders.presentOne(order)), receipt };
    },
  );

  if (gateway.name === "simulated") {
    // What Stripe.js does in the browser: public, as with Stripe, the client secret is the credential.
    // The shop is asked first: only the order's open payment of an unpaid order is charged.
    app.post(
      "/api/payments/simulated/confirm",
      {
        config: { access: "public" },
        schema: {
          tags: ["Payments"],
          summary:
            "Confirm a payment on the simulated gateway (what Stripe.js does; only when no Stripe key is set)",
          body: simulatedConfirmBody,
          response: {
            200: simulatedConfirmAnswer,
            402: errorResponse("The card was declined (Stripe's messages)"),
          },
        },
      },
      async (request): Promise<SimulatedConfirmResponse> => {
        const body = parseInput(simulatedConfirmBody, request.body);
        const intent = await gateway.confirm(body.clientSecret, body, deps.payments.assertChargeable);
        return { id: intent.id, status: "succeeded" };
      },
    );
  } else {
    stripeWebhookRoutes(app, { gateway, payments: deps.payments });
  }
}
