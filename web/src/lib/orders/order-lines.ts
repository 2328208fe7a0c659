import type { OrderLine } from "#contract/checkout";
import type { Order } from "#contract/orders";

/**
 * An order's lines (issue 25): the API's `lines`, or, for an answer without them, the one line the
 * spec's single-product fields describe.
 */
export function orderLinesOf(order: Order & { lines?: OrderLine[] | undefined }): OrderLine[] {
  if (order.lines && order.lines.length > 0) return order.lines;
  return [
    {
      toolId: order.orderId,
      sku: null,
      name: order.orderProduct,
      quantity: order.orderMinimum,
      unitPrice: order.orderPrice,
      lineTotal: order.total,
    },
  ];
}

/** "Spark Plug", or "Spark Plug and 2 more" for an order of three lines. */
export function orderTitle(lines: readonly OrderLine[]): string {
  const [first] = lines;
  if (!first) return "";
  return lines.length === 1 ? first.name : `${first.name} and ${lines.length - 1} more`;
}
