import { Section, Text } from "@react-email/components";
import { asc, eq } from "drizzle-orm";
import { formatCents, lotTotalCents } from "#contract/money";
import { pieces } from "#contract/tool-display";
import type { Tx } from "#server/db/database";
import type { OrderLineRow } from "../order-view";
import { orderLines } from "../tables";

/** A line as a message lists it: what, which SKU, how many at what price, and the line's total. */
export type MailLine = Pick<OrderLineRow, "lineNo" | "sku" | "productName" | "quantity" | "unitPriceCents">;

/** An order's lines, in line order, as its messages list them (read in the change's transaction). */
export function mailLinesOf(tx: Tx, orderId: string): Promise<MailLine[]> {
  return tx
    .select({
      lineNo: orderLines.lineNo,
      sku: orderLines.sku,
      productName: orderLines.productName,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
}

/** "1. Spark plugs, SKU SP-100: 20 pieces × $12.34 = $246.80" */
export function lineText(line: MailLine): string {
  const sku = line.sku ? `, SKU ${line.sku}` : "";
  const total = formatCents(lotTotalCents(line.unitPriceCents, line.quantity));
  return `${line.lineNo}. ${line.productName}${sku}: ${pieces(line.quantity)} × ${formatCents(line.unitPriceCents)} = ${total}`;
}

/** Every line of an order, one a row, under the heading "Lines (N)". */
export function LineList({ lines }: { lines: readonly MailLine[] }) {
  return (
    <Section>
      <Text style={{ margin: "12px 0 4px" }}>
        <strong>Lines ({lines.length}):</strong>
      </Text>
      {lines.map((line) => (
        <Text key={line.lineNo} style={{ margin: "2px 0 2px 12px" }}>
          {lineText(line)}
        </Text>
      ))}
    </Section>
  );
}

/** "Spark plugs" for a one-line order, "Spark plugs and 2 more" for three lines: a subject's product. */
export function productsTitle(order: { productName: string }, lines: readonly unknown[]): string {
  return lines.length > 1 ? `${order.productName} and ${lines.length - 1} more` : order.productName;
}
