import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/database";
import type { PaymentOrders } from "#server/payments/service";
import { changeStatus, lockOrder } from "./change-status";
import { noSuchOrder } from "./order-view";
import { orders } from "./tables";

/**
 * Orders as payments reach them (the port payments declares): a buyer's order, an order's status,
 * the order locked for settling a payment, and a locked order marked paid through the state machine.
 * The app hands it to the payments service, as it hands orders the payments' OpenPayments.
 */
export function createPaymentOrders(db: Db): PaymentOrders {
  return {
    async ownOrder(buyerId, orderId) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)));
      if (!order) throw noSuchOrder();
      return order;
    },

    async statusOf(orderId) {
      const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      return row?.status;
    },

    lock: lockOrder,

    markPaid(tx, order, paid) {
      return changeStatus(tx, order, {
        to: "paid",
        actorUserId: paid.actorUserId,
        note: paid.note,
        set: { transactionId: paid.transactionId },
      });
    },
  };
}
