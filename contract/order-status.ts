// The order's state machine, shared: the server enforces it (server/orders/change-status.ts) and the
// web asks it which actions an order offers. No zod here, so any page can import it for a few bytes.

export const orderStatuses = ["pending", "paid", "shipped", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

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

/** Why the move is not allowed, in words a person can act on; undefined when it is allowed. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string | undefined {
  if (canTransition(from, to)) return undefined;
  return refusals[`${from}->${to}`] ?? `An order that is ${from} cannot become ${to}`;
}
