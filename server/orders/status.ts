import { conflict } from "../http/errors";
import type { OrderStatus } from "./tables";

/** The only moves an order's status can make: pending → paid → shipped, or pending → cancelled. */
export const allowedTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "cancelled"],
  paid: ["shipped"],
  shipped: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedTransitions[from].includes(to);
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

/** Throws a 409 with a message a person can act on when the move is not allowed. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (canTransition(from, to)) return;
  throw conflict(refusals[`${from}->${to}`] ?? `An order that is ${from} cannot become ${to}`);
}
