import { centsToDollars, lotTotalCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { Order } from "#contract/orders";
import { notFound } from "#server/http/errors";
import type { orders } from "./tables";

export type OrderRow = typeof orders.$inferSelect;

/** The 404 for an order that does not exist, or that the caller may not see. */
export const noSuchOrder = () => notFound("No order with that id");

/** What the buyer pays for the lot, in cents: unit price × quantity (contract/money.ts, as the order form shows it). */
export function orderAmountCents(order: Pick<OrderRow, "unitPriceCents" | "quantity">): number {
  return lotTotalCents(order.unitPriceCents, order.quantity);
}

/** What the API says about an order beyond its row: when it is released if unpaid, and why it was cancelled. */
export type OrderFate = { expiresAt: Date | null; cancelReason: string | null };

/** An order row in the API's shape (the spec's field names, prices in dollars). */
export function toApiOrder(row: OrderRow, fate: OrderFate): Order {
  return {
    _id: row.id,
    orderNumber: formatOrderNumber(row.number),
    orderId: row.toolId,
    orderName: row.name,
    orderEmail: row.email,
    orderPhone: row.phone,
    orderAddress: row.address,
    orderDate: row.neededBy,
    orderProduct: row.productName,
    orderPrice: centsToDollars(row.unitPriceCents),
    orderMinimum: row.quantity,
    total: centsToDollars(orderAmountCents(row)),
    paid: row.status === "paid" || row.status === "shipped",
    transactionId: row.transactionId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: fate.expiresAt?.toISOString() ?? null,
    cancelReason: fate.cancelReason,
  };
}
