// The order's state machine, shared: the server enforces it (server/orders/change-status.ts) and the
// web asks it which actions an order offers. No zod here, so any page can import it for a few bytes.

export const orderStatuses = ["pending", "paid", "shipped", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * How an order is paid: by card before it ships, or on account (issue 27): a company's order
 * confirmed at once, shipped unpaid, its amount due the company's terms after shipping and paid later
 * by transfer (the company's balance), never through the card payment.
 */
export const paymentMethods = ["card", "account"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The only moves a card order's status can make: pending → paid → shipped, or pending → cancelled. */
export const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "cancelled"],
  paid: ["shipped"],
  shipped: [],
  cancelled: [],
};

/**
 * An on-account order's moves: pending (confirmed, to ship) → shipped, or pending → cancelled (which
 * frees its amount of the credit limit at once). It is never "paid" by a card: the company's
 * payments settle it after it ships.
 */
export const accountTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["shipped", "cancelled"],
  paid: [],
  shipped: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus, method: PaymentMethod = "card"): boolean {
  return (method === "account" ? accountTransitions : allowedTransitions)[from].includes(to);
}

/**
 * The refund moves (issue 28), made only by an admin's refund (`POST /api/allOrder/{id}/refund`),
 * never by a status change: a card order paid (or paid and shipped) is cancelled and its payment
 * given back; an on-account order once shipped (invoiced) is cancelled and its amount credited. A
 * pending order is removed instead (no invoice, no money taken), and `DELETE` of a paid order stays
 * refused (`allowedTransitions`).
 */
export const refundTransitions: Record<PaymentMethod, Partial<Record<OrderStatus, OrderStatus>>> = {
  card: { paid: "cancelled", shipped: "cancelled" },
  account: { shipped: "cancelled" },
};

/** Whether an admin can refund the order (the web offers "Refund" when it can). */
export function canRefund(order: { status: OrderStatus; paymentMethod?: PaymentMethod }): boolean {
  return refundTransitions[order.paymentMethod ?? "card"][order.status] === "cancelled";
}

/** Whether the buyer is asked to pay the order by card (My Orders' "Pay", the payment page). */
export function awaitsCardPayment(order: { status: OrderStatus; paymentMethod?: PaymentMethod }): boolean {
  return (order.paymentMethod ?? "card") === "card" && canTransition(order.status, "paid");
}

const refusals: Partial<Record<`${OrderStatus}->${OrderStatus}`, string>> = {
  "pending->shipped": "Only paid orders can be shipped; this order is not paid yet",
  "paid->paid": "This order is already paid",
  "shipped->paid": "This order is already paid",
  "paid->cancelled": "Only unpaid orders can be removed; this order is paid",
  "shipped->cancelled": "This order has been shipped and cannot be removed",
  "shipped->shipped": "This order has already been shipped",
  "cancelled->paid": "This order was cancelled and cannot be paid",
  "cancelled->shipped": "This order was cancelled and cannot be shipped",
  "cancelled->cancelled": "This order is already cancelled",
};

/** Said of an on-account order asked to be paid by card (or marked paid). */
export const accountOrderNotPaidByCard =
  "This order is on account: it is paid by transfer against the company's balance, not by card";

/** Why the move is not allowed, in words a person can act on; undefined when it is allowed. */
export function transitionRefusal(
  from: OrderStatus,
  to: OrderStatus,
  method: PaymentMethod = "card",
): string | undefined {
  if (canTransition(from, to, method)) return undefined;
  if (method === "account" && to === "paid" && from === "pending") return accountOrderNotPaidByCard;
  return refusals[`${from}->${to}`] ?? `An order that is ${from} cannot become ${to}`;
}
