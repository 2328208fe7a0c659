import { and, eq } from "drizzle-orm";
import { shopToday } from "#contract/delivery-dates";
import { centsToDollars, lotTotalCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import { totalsByRate } from "#contract/tax";
import { invoicedCompanyOf } from "#server/companies/company-names";
import type { Tx } from "#server/db/database";
import type { IssuedDocument, OrderInvoices } from "#server/orders/orders-deps";
import { sellerOf } from "#server/tax/seller";
import { recordWebhookEvent } from "#server/webhooks/events";
import type { InvoiceDocument } from "./document";
import { drawDocumentNumber } from "./numbering";
import { invoices } from "./tables";

type IssuedOrder = Parameters<OrderInvoices["issueInvoice"]>[1];
type IssuedLine = Parameters<OrderInvoices["issueInvoice"]>[2][number];

/** The invoice of an order as it stands now (paid or shipped), before its number is drawn. */
async function invoiceDocumentOf(
  tx: Tx,
  order: IssuedOrder,
  lines: readonly IssuedLine[],
  issuedOn: string,
): Promise<InvoiceDocument> {
  const seller = await sellerOf(tx);
  const company = order.companyId === null ? undefined : await invoicedCompanyOf(tx, order.companyId);
  const documentLines = lines.map((l) => ({
    lineNo: l.lineNo,
    sku: l.sku,
    name: l.productName,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    netCents: lotTotalCents(l.unitPriceCents, l.quantity),
    rateMilli: l.taxRateMilli,
    taxLabel: l.taxLabel,
    taxCents: l.taxCents,
  }));
  const subtotalCents = documentLines.reduce((sum, l) => sum + l.netCents, 0);
  const taxCents = documentLines.reduce((sum, l) => sum + l.taxCents, 0);
  const onAccount = order.paymentMethod === "account";
  return {
    kind: "invoice",
    number: "",
    issuedOn,
    refersTo: null,
    reason: null,
    seller,
    buyer: {
      name: order.name,
      email: order.email,
      phone: order.phone,
      address: order.address,
      country: order.country,
      region: order.region,
      company: company?.name ?? null,
      taxId: order.buyerTaxId ?? company?.taxId ?? null,
    },
    order: {
      number: formatOrderNumber(order.number),
      placedOn: shopToday(order.createdAt),
      poNumber: order.poNumber,
      paymentMethod: order.paymentMethod,
      paymentTermsDays: onAccount ? (company?.paymentTermsDays ?? null) : null,
      dueOn: onAccount ? order.dueOn : null,
    },
    lines: documentLines,
    totals: {
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      byRate: totalsByRate(
        documentLines.map((l) => ({
          netCents: l.netCents,
          rateMilli: l.rateMilli,
          label: l.taxLabel,
          taxCents: l.taxCents,
        })),
      ),
    },
    taxExemptReason: order.taxExemptReason,
  };
}

async function insertDocument(
  tx: Tx,
  order: IssuedOrder,
  document: InvoiceDocument,
  refersTo: string | null,
) {
  const year = Number(document.issuedOn.slice(0, 4));
  const drawn = await drawDocumentNumber(tx, document.kind, year);
  const numbered = { ...document, number: drawn.number };
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: document.kind,
      number: drawn.number,
      year,
      sequence: drawn.sequence,
      orderId: order.id,
      companyId: order.companyId,
      refersTo,
      reason: document.reason,
      issuedOn: document.issuedOn,
      subtotalCents: document.totals.subtotalCents,
      taxCents: document.totals.taxCents,
      totalCents: document.totals.totalCents,
      document: numbered,
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error("issue: the invoice insert answered nothing");
  await recordWebhookEvent(tx, "invoice.issued", row.id, {
    id: row.id,
    number: drawn.number,
    kind: document.kind,
    orderId: order.id,
    companyId: order.companyId,
    total: centsToDollars(document.totals.totalCents),
    issuedOn: document.issuedOn,
    pdf: `/api/orders/${order.id}/${document.kind === "invoice" ? "invoice" : "credit-note"}.pdf`,
  });
  return { id: row.id, number: drawn.number };
}

/**
 * The invoices port orders call (orders-deps.ts), in the transaction of the change that issues the
 * document, with the order locked: its invoice when it is paid by card or shipped on account, its
 * credit note when it is cancelled after its invoice. `today` is the shop's day (tests move it).
 */
export function createOrderInvoices(today: () => string = () => shopToday()): OrderInvoices {
  return {
    async issueInvoice(tx, order, lines): Promise<IssuedDocument> {
      return insertDocument(tx, order, await invoiceDocumentOf(tx, order, lines, today()), null);
    },

    async issueCreditNote(tx, order, reason): Promise<IssuedDocument | undefined> {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
      if (!invoice) return undefined;
      const invoiced = invoice.document as InvoiceDocument;
      const document: InvoiceDocument = {
        ...invoiced,
        kind: "credit_note",
        number: "",
        issuedOn: today(),
        refersTo: { number: invoice.number, issuedOn: invoice.issuedOn },
        reason,
      };
      return insertDocument(tx, order, document, invoice.id);
    },
  };
}
