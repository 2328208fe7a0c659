import type { Order, OrderLine } from "#contract/orders";

/**
 * An order's lines (issue 25), 1 to 500; an answer without any (none should come) reads as the one
 * line the spec's single-product fields describe.
 */
export function orderLinesOf(order: Order): OrderLine[] {
  if (order.lines.length > 0) return order.lines;
  return [
    {
      toolId: order.orderId,
      sku: null,
      name: order.orderProduct,
      quantity: order.orderMinimum,
      unitPrice: order.orderPrice,
      lineTotal: order.subtotal,
      taxRate: 0,
      taxLabel: "",
      tax: order.tax,
    },
  ];
}

/** "Spark Plug", or "Spark Plug and 2 more" for an order of three lines. */
export function orderTitle(lines: readonly OrderLine[]): string {
  const [first] = lines;
  if (!first) return "";
  return lines.length === 1 ? first.name : `${first.name} and ${lines.length - 1} more`;
}
