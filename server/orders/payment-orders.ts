import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/database";
import type { PaymentOrders } from "#server/payments/service";
import { changeStatus, lockOrder } from "./change-status";
import { invoiceOrder } from "./invoice-order";
import type { OrderMessages } from "./messages/order-messages";
import { noSuchOrder } from "./order-view";
import type { OrderInvoices } from "./orders-deps";
import { orders } from "./tables";

/**
 * Orders as payments reach them (the port payments declares): a buyer's order, an order's status and payment method,
 * the order locked for settling a payment, and a locked order marked paid through the state machine
 * (with its invoice, the buyer's receipt and the admins' note in the same transaction).
 * The app hands it to the payments service, as it hands orders the payments' OpenPayments.
 */
export function createPaymentOrders(db: Db, messages: OrderMessages, invoices: OrderInvoices): PaymentOrders {
  return {
    async ownOrder(buyerId, orderId) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)));
      if (!order) throw noSuchOrder();
      return order;
    },

    async stateOf(orderId) {
      const [row] = await db
        .select({ status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    lock: lockOrder,

    async markPaid(tx, order, paid) {
      const changed = await changeStatus(tx, order, {
        to: "paid",
        actorUserId: paid.actorUserId,
        note: paid.note,
        set: { transactionId: paid.transactionId },
      });
      // Paid by card: the invoice is issued now, in the same transaction (issue 28).
      const { order: row, invoice } = await invoiceOrder(tx, invoices, changed);
      await messages.paid(tx, row, row.updatedAt, paid.card, invoice);
      return row;
    },
  };
}
