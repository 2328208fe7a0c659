import type { SQL } from "drizzle-orm";
import type { Cart } from "#contract/cart";
import type { ToolLot } from "#server/catalog/lots";
import type { Db, Tx } from "#server/db/database";
import type { OrderMessages } from "./messages/order-messages";
import type { RefundMessages } from "./messages/refund-messages";
import type { OrderLineRow, OrderRow } from "./order-view";
import type { ReorderCart } from "./reorder";

/**
 * What cancelling an order needs from payments: no card may be charged for an order once it
 * is cancelled (implemented by the payments service, over the gateway).
 */
export type OpenPayments = {
  /**
   * Cancels the order's open payments at the gateway and answers the ones it closed. When one had
   * already gone through, it is recorded instead and the order, now paid, comes back.
   */
  close(orderId: string): Promise<{ paid: OrderRow } | { closed: ReadonlySet<string> }>;
  /** With the order locked: whether it has an open payment that is not among `closed` (one just started). */
  openBesides(tx: Tx, orderId: string, closed: ReadonlySet<string>): Promise<boolean>;
  /**
   * An admin's refund of a paid card order (locked in `tx`): gives back the payment that paid it
   * (`order.transactionId`) at the gateway and records it refunded with the admin's reason. A
   * payment already refunded is not refunded again. Throws (the order must stay as it is) when the
   * gateway does not refund it.
   */
  refundPaid(
    tx: Tx,
    order: Pick<OrderRow, "id" | "transactionId">,
    reason: string,
  ): Promise<{ refundId: string; amountCents: number }>;
};

/**
 * What a checkout needs of the buyer's cart (implemented by the cart service; orders never touch
 * cart tables), both in the checkout's transaction.
 */
/** A line of the locked cart, as the cart stored it. */
export type LockedCartLine = { toolId: string; quantity: number; addedUnitPriceCents: number };

export type CheckoutCart = {
  /** Holds the cart's changes off until the transaction ends; answers its lines, in line order. */
  lockCart(tx: Tx, userId: string): Promise<LockedCartLine[]>;
  /** Those lines priced today by `tools` (the tools the checkout locked), at the buyer's company discount. */
  lockedCart(
    tx: Tx,
    lines: readonly LockedCartLine[],
    tools: ReadonlyMap<string, ToolLot>,
    discountPercent: number,
  ): Promise<Cart>;
  /** The statement that empties it, for the checkout to put in the order's own statement. */
  clearing(userId: string): SQL;
};

/** An invoice or credit note just issued (issue 28). */
export type IssuedDocument = { id: string; number: string };

/**
 * What orders need of invoices (implemented by server/invoices/issue.ts), in the transaction of the
 * change, with the order locked: the invoice when a card order is paid or an on-account order
 * shipped; the credit note when an invoiced order is cancelled (undefined when it has no invoice).
 */
export type OrderInvoices = {
  /** `lines`: the order's lines, in line order. */
  issueInvoice(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[]): Promise<IssuedDocument>;
  issueCreditNote(tx: Tx, order: OrderRow, reason: string): Promise<IssuedDocument | undefined>;
};

export type OrdersDeps = {
  /** Invoices and credit notes, issued in the transaction of the change (issue 28). */
  invoices: OrderInvoices;
  onStockChange: () => void;
  payments: OpenPayments;
  /** The buyer's message that an order was refunded (messages/refund-messages.tsx). */
  refundMessages: RefundMessages;
  /** The buyer's cart: checked out (orders/checkout.ts) and filled again ("Order again", reorder.ts). */
  cart: CheckoutCart & ReorderCart;
  /** Unpaid orders are cancelled this many hours after they were placed; 0 never. */
  unpaidOrderHours: number;
  /** Where the expiry sweep reports an order it could not cancel (pino's signature). */
  log: { error(details: object, message: string): void };
  /** The buyer's messages, enqueued in the transaction of each change (messages/order-messages.tsx). */
  messages: OrderMessages;
  /**
   * Told in an on-account order's transaction what its company now has committed (net of payments)
   * against its limit, in cents: companies/balance-notices.ts tells the shop's admins past 90 %.
   */
  onAccountCommitted: (
    tx: Tx,
    companyId: string,
    committedCents: number,
    limitCents: number,
  ) => Promise<unknown>;
};

/** What each of the orders' use cases (one file each) works with: the database and the service's deps. */
export type OrdersContext = { db: Db; deps: OrdersDeps };

export const hourMs = 60 * 60 * 1000;
