import { centsToDollars, lotTotalCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { Order, OrderLine } from "#contract/orders";
import { percentOfMilli, totalsByRate } from "#contract/tax";
import type { OrderEventData } from "#contract/webhooks";
import { notFound } from "#server/http/errors";
import type { orderLines, orders } from "./tables";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** An order just placed, with the lines the placing inserted: its answer reads none of them back. */
export type PlacedOrder = OrderRow & { lines: OrderLineRow[] };

/** The 404 for an order that does not exist, or that the caller may not see. */
export const noSuchOrder = () => notFound("No order with that id");

/** What the buyer pays for the order, in cents: its stored total, the sum of its lines' unit price × quantity and tax. */
export function orderAmountCents(order: Pick<OrderRow, "totalCents">): number {
  return order.totalCents;
}

/** What the `order.*` webhook events carry about an order (contract/webhooks.ts `orderEventData`). */
export function toOrderEventData(
  row: Pick<
    OrderRow,
    "id" | "number" | "status" | "paymentMethod" | "totalCents" | "poNumber" | "companyId" | "userId"
  >,
): OrderEventData {
  return {
    id: row.id,
    orderNumber: formatOrderNumber(row.number),
    status: row.status,
    paymentMethod: row.paymentMethod,
    total: centsToDollars(orderAmountCents(row)),
    poNumber: row.poNumber,
    companyId: row.companyId,
    userId: row.userId,
  };
}

/** A line in the API's shape (money in dollars; the line total counted in cents). */
export function toApiLine(line: OrderLineRow): OrderLine {
  return {
    toolId: line.toolId,
    sku: line.sku,
    name: line.productName,
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    lineTotal: centsToDollars(lotTotalCents(line.unitPriceCents, line.quantity)),
    taxRate: percentOfMilli(line.taxRateMilli),
    taxLabel: line.taxLabel,
    tax: centsToDollars(line.taxCents),
  };
}

/** What the API says about an order beyond its row: when it is released if unpaid, and why it was cancelled. */
export type OrderFate = { expiresAt: Date | null; cancelReason: string | null };

/** An order row in the API's shape (the spec's field names, prices in dollars). */
export function toApiOrder(row: OrderRow, lines: OrderLineRow[], fate: OrderFate): Order {
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
    subtotal: centsToDollars(row.totalCents - row.taxCents),
    tax: centsToDollars(row.taxCents),
    taxes: totalsByRate(
      lines.map((l) => ({
        netCents: lotTotalCents(l.unitPriceCents, l.quantity),
        rateMilli: l.taxRateMilli,
        label: l.taxLabel,
        taxCents: l.taxCents,
      })),
    ).map((t) => ({
      label: t.label,
      rate: percentOfMilli(t.rateMilli),
      net: centsToDollars(t.netCents),
      tax: centsToDollars(t.taxCents),
    })),
    country: row.country,
    region: row.region,
    taxExemptReason: row.taxExemptReason,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    lines: lines.map(toApiLine),
    paid: row.paymentMethod === "card" && (row.status === "paid" || row.status === "shipped"),
    transactionId: row.transactionId,
    paymentMethod: row.paymentMethod,
    poNumber: row.poNumber,
    companyId: row.companyId,
    shippedOn: row.shippedOn,
    dueOn: row.dueOn,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: fate.expiresAt?.toISOString() ?? null,
    cancelReason: fate.cancelReason,
  };
}
