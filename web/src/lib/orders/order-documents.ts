import { creditNotePdfPath, invoicePdfPath } from "#contract/invoices";
import { dollarsToCents, formatDollars } from "#contract/money";
import type { Order } from "#contract/orders";
import { rateMilliOf } from "#contract/tax";
import { rateLine } from "../tax/tax-summary";

// An order's tax and its documents as the order lists show them (issue 28): My Orders, the
// company's orders and Manage All Order.

export type OrderDocument = { kind: "invoice" | "credit_note"; label: string; href: string };

/** "Invoice INV-2026-000001" and "Credit note CN-2026-000003", each with where its PDF downloads. */
export function orderDocuments(
  order: Pick<Order, "_id" | "invoiceNumber" | "creditNoteNumber">,
): OrderDocument[] {
  const documents: OrderDocument[] = [];
  if (order.invoiceNumber) {
    documents.push({
      kind: "invoice",
      label: `Invoice ${order.invoiceNumber}`,
      href: invoicePdfPath(order._id),
    });
  }
  if (order.creditNoteNumber) {
    documents.push({
      kind: "credit_note",
      label: `Credit note ${order.creditNoteNumber}`,
      href: creditNotePdfPath(order._id),
    });
  }
  return documents;
}

/**
 * The tax under an order's total: "incl. $7.99 tax" (or its rates when several), "Tax exempt" for
 * a company's exempt order, "No tax" when its address has no rate.
 */
export function orderTaxNote(order: Pick<Order, "tax" | "taxExemptReason">): string {
  if (order.taxExemptReason) return "Tax exempt";
  if (order.tax === 0) return "No tax";
  return `incl. ${formatDollars(order.tax)} tax`;
}

/** The order's tax per rate as stored, "Sales tax 8.875% — $12.43" (the payment page, before paying). */
export function orderTaxLines(order: Pick<Order, "taxes" | "taxExemptReason">): string[] {
  return order.taxes.map((t) =>
    rateLine({
      label: t.label,
      rateMilli: rateMilliOf(t.rate),
      taxCents: dollarsToCents(t.tax) ?? Math.round(t.tax * 100),
    }),
  );
}
