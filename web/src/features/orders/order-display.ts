import { formatLongDay } from "#contract/delivery-dates";
import type { OrderStatus, PaymentMethod } from "#contract/order-status";
import { parseIsoDate } from "#web/lib/delivery/delivery-date";

/** How a buyer reads an order's status in My Orders (payment is its own column). */
export const buyerStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Preparing shipment",
  shipped: "Shipped",
  cancelled: "Cancelled",
};

/** How an admin reads it in Manage All Order: what is left to do with the order. */
export const adminStatusLabels: Record<OrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Ready to ship",
  shipped: "Shipped",
  cancelled: "Cancelled",
};

/** Badge colours per status; each pair reads at 7:1 or better. */
export const statusTones: Record<OrderStatus, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  paid: "bg-sky-50 text-sky-900 ring-sky-200",
  shipped: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
};

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Nov 28, 2025" for a YYYY-MM-DD needed-by date (the day itself, in no time zone). */
export function formatOrderDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? dayFormat.format(date) : iso;
}

const momentFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Nov 30, 2025, 3:15 PM" in the buyer's own time zone, for an ISO instant (an unpaid order's release). */
export function formatOrderMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}

/**
 * An order's status in a list's words (`buyerStatusLabels`, `adminStatusLabels`). An on-account
 * order still pending awaits no payment: it is confirmed and waits to be shipped, as a paid card
 * order does, so it reads as one.
 */
export function orderStatusLabel(
  order: { status: OrderStatus; paymentMethod: PaymentMethod },
  labels: Record<OrderStatus, string>,
): string {
  return order.paymentMethod === "account" && order.status === "pending" ? labels.paid : labels[order.status];
}

/** "PO ABC-123": the buyer's purchase-order number as lists show it; undefined without one. */
export function poNumberLabel(poNumber: string | null): string | undefined {
  return poNumber ? `PO ${poNumber}` : undefined;
}

/** "Due Monday, December 28, 2026": when a shipped on-account order is due; undefined for any other. */
export function dueLabel(order: { paymentMethod: PaymentMethod; dueOn: string | null }): string | undefined {
  return order.paymentMethod === "account" && order.dueOn ? `Due ${formatLongDay(order.dueOn)}` : undefined;
}

/** Whether an admin can refund the order (issue 28): the state machine's refund moves (contract). */
export { canRefund } from "#contract/order-status";

/**
 * What became of a cancelled order's money (issue 28): "Refunded" for a card order cancelled after it
 * was paid (the card was given its money back), "Credited" for an on-account order cancelled after it
 * shipped (its amount left the company's balance); undefined for an order cancelled unpaid.
 */
export function refundLabel(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  transactionId: string | null;
  shippedOn: string | null;
}): "Refunded" | "Credited" | undefined {
  if (order.status !== "cancelled") return undefined;
  if (order.paymentMethod === "card") return order.transactionId !== null ? "Refunded" : undefined;
  return order.shippedOn !== null ? "Credited" : undefined;
}
