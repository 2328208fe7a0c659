import type { Order } from "#contract/orders";
import { orderDocuments, orderTaxNote } from "#web/lib/orders/order-documents";

/**
 * The order's invoice and credit note, each a download of its PDF; nothing before one is issued. The
 * labels wrap ("Invoice" over its number) so a table's narrow first column stays narrow.
 */
export function OrderDocuments({ order, className = "" }: { order: Order; className?: string }) {
  const documents = orderDocuments(order);
  if (documents.length === 0) return null;
  return (
    <ul aria-label={`Documents of order ${order.orderNumber}`} className={`space-y-0.5 text-xs ${className}`}>
      {documents.map((document) => (
        <li key={document.kind}>
          <a
            href={document.href}
            download
            data-testid={document.kind === "invoice" ? "invoice-link" : "credit-note-link"}
            className="inline-flex min-h-6 items-center rounded font-semibold text-accent-dark underline-offset-4 hover:underline"
          >
            {document.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "incl. $7.99 tax" under an order's total (the total is what the buyer pays, tax included). */
export function OrderTaxNote({ order }: { order: Order }) {
  return (
    <span data-testid="order-tax" className="block whitespace-normal font-normal text-slate-600 text-xs">
      {orderTaxNote(order)}
    </span>
  );
}
