import type { SessionUser } from "#server/accounts/guards";
import type { Db } from "#server/db/database";
import { assertChargeable } from "./assert-chargeable";
import { confirmPayment } from "./confirm-payment";
import type { GatewayEvent, GatewayIntent, PaymentGateway } from "./gateway";
import { handleGatewayEvent } from "./gateway-events";
import { createOpenPayments } from "./open-payments";
import type { PaymentsContext, PaymentsDeps } from "./payments-deps";
import { startPayment } from "./start-payment";

export type { PaymentOrders, PaymentsDeps } from "./payments-deps";

/**
 * Card payments of orders through the gateway, one use case a file. An order becomes paid only when
 * the gateway says its payment succeeded for this order and this amount: from the buyer's PATCH
 * (confirm-payment.ts), from a signed webhook (gateway-events.ts), or when the payment page finds
 * an earlier payment that went through (start-payment.ts). An order has at most one open payment;
 * a payment that goes through for an order that cannot take it (paid by another payment, or
 * cancelled) is refunded through the gateway and recorded as refunded (settle-payment.ts).
 */
export function createPaymentsService(db: Db, gateway: PaymentGateway, deps: PaymentsDeps) {
  const context: PaymentsContext = { db, gateway, deps };
  return {
    openPayments: createOpenPayments(context),
    startPayment: (buyer: SessionUser, orderId: string) => startPayment(context, buyer, orderId),
    assertChargeable: (intent: GatewayIntent) => assertChargeable(context, intent),
    confirmOrderPayment: (buyer: SessionUser, orderId: string, transactionId: string) =>
      confirmPayment(context, buyer, orderId, transactionId),
    handleEvent: (event: GatewayEvent) => handleGatewayEvent(context, event),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
