import type { OrderStatus, PaymentMethod } from "#contract/order-status";
import type { Db, Tx } from "#server/db/database";
import type { OrderRow } from "#server/orders/order-view";
import type { PaymentGateway } from "./gateway";

export const shopCurrency = "usd";

/**
 * What payments need of orders, and the only way they reach them (implemented by orders,
 * server/orders/payment-orders.ts, as payments implement the OpenPayments that orders need): payments
 * never read or write orders' tables.
 */
export type PaymentOrders = {
  /** The buyer's own order; a 404 when there is none, or it is someone else's. */
  ownOrder(buyerId: string, orderId: string): Promise<OrderRow>;
  /** An order's status and payment method; undefined when there is no such order. */
  stateOf(orderId: string): Promise<{ status: OrderStatus; paymentMethod: PaymentMethod } | undefined>;
  /** Reads the order and locks it until `tx` ends, so its payments settle one at a time; a 404 when there is none. */
  lock(tx: Tx, orderId: string): Promise<OrderRow>;
  /** The locked order is paid by `transactionId` (a 409 when the state machine refuses); who and how go in its event. */
  markPaid(
    tx: Tx,
    order: OrderRow,
    paid: {
      transactionId: string;
      actorUserId: string | null;
      note: string;
      /** The card that paid, "Visa ending in 4242", for the receipt; undefined when the gateway did not say. */
      card: string | undefined;
    },
  ): Promise<OrderRow>;
};

export type PaymentsDeps = {
  orders: PaymentOrders;
  /** Where automatic refunds are reported (pino's signature). */
  log?: { warn(details: object, message: string): void };
};

/** What each of the payments' use cases (one file each) works with. */
export type PaymentsContext = { db: Db; gateway: PaymentGateway; deps: PaymentsDeps };
