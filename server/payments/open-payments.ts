import { and, asc, eq, inArray } from "drizzle-orm";
import { conflict } from "#server/http/errors";
import type { OpenPayments } from "#server/orders/orders-deps";
import type { PaymentGateway } from "./gateway";
import type { PaymentsContext } from "./payments-deps";
import { refundPaidOrder } from "./refund-payment";
import { recordSuccess } from "./settle-payment";
import { openPaymentStatuses, payments } from "./tables";

/** The order's payments this gateway may still take money for (not succeeded, cancelled, failed or refunded). */
const openPaymentsOf = (gatewayName: PaymentGateway["name"], orderId: string) =>
  and(
    eq(payments.orderId, orderId),
    eq(payments.gateway, gatewayName),
    inArray(payments.status, openPaymentStatuses),
  );

/**
 * For cancelling an order: an unpaid one's payments are cancelled at the gateway first; a paid one's
 * (an admin's refund) is given back.
 */
export function createOpenPayments(context: PaymentsContext): OpenPayments {
  const { db, gateway } = context;
  return {
    async close(orderId) {
      const open = await db
        .select({ intentId: payments.intentId })
        .from(payments)
        .where(openPaymentsOf(gateway.name, orderId))
        .orderBy(asc(payments.createdAt));
      const closed = new Set<string>();
      for (const { intentId } of open) {
        const intent = await gateway.cancelIntent(intentId);
        if (intent?.status === "succeeded") {
          // The card was charged before the cancel: the payment stands, so the order is paid (or, if
          // another payment paid it meanwhile, this one is refunded and no longer open).
          const settled = await db.transaction((tx) => recordSuccess(context, tx, intent, null));
          if (settled.kind === "paid") return { paid: settled.order };
          closed.add(intentId);
          continue;
        }
        if (intent && intent.status !== "canceled") {
          throw conflict("A card payment of this order is still going through; try again in a few minutes");
        }
        if (intent) {
          // Cancelled now, or already before: recorded, so no later cancel asks the gateway again.
          await db
            .update(payments)
            .set({ status: "canceled", updatedAt: new Date() })
            .where(and(eq(payments.intentId, intentId), inArray(payments.status, openPaymentStatuses)));
        }
        closed.add(intentId);
      }
      return { closed };
    },

    async openBesides(tx, orderId, closed) {
      const open = await tx
        .select({ intentId: payments.intentId })
        .from(payments)
        .where(openPaymentsOf(gateway.name, orderId));
      return open.some((p) => !closed.has(p.intentId));
    },

    refundPaid: (tx, order, reason) => refundPaidOrder(context, tx, order, reason),
  };
}
