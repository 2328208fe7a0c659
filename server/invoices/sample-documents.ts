import { lineTaxCents, totalsByRate } from "#contract/tax";
import type { InvoiceDocument } from "./document";

// Made-up documents for the PDF's tests and benchmark (bench/invoices.ts): not a test file itself.

/** An invoice of `count` lines at one rate (8.875 % sales tax unless exempt), numbered INV-2026-000042. */
export function sampleInvoice(
  count: number,
  options: { exemptReason?: string; onAccount?: boolean } = {},
): InvoiceDocument {
  const rateMilli = options.exemptReason ? 0 : 8875;
  const label = options.exemptReason ? "Tax exempt" : "Sales tax";
  const lines = Array.from({ length: count }, (_, i) => {
    const quantity = (i % 7) + 1;
    const unitPriceCents = 1999 + i * 137;
    const netCents = unitPriceCents * quantity;
    return {
      lineNo: i + 1,
      sku: `TL-${String(1000 + i)}`,
      name:
        i % 5 === 0
          ? `Torque wrench ${i + 1}, 1/2" drive, 40-200 Nm, with ratchet head and storage case`
          : `Socket set ${i + 1}`,
      quantity,
      unitPriceCents,
      netCents,
      rateMilli,
      taxLabel: label,
      taxCents: lineTaxCents(netCents, rateMilli),
    };
  });
  const subtotalCents = lines.reduce((s, l) => s + l.netCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0);
  return {
    kind: "invoice",
    number: "INV-2026-000042",
    issuedOn: "2026-11-27",
    refersTo: null,
    reason: null,
    seller: {
      legalName: "Car Mechanic Supplies LLC",
      address: "400 Industrial Way, Dayton, OH 45402, USA",
      taxId: "US-31-4159265",
      bankDetails: "First Ohio Bank, routing 041000124, account 1234567890",
    },
    buyer: {
      name: "Amina Workshop",
      email: "amina@example.com",
      phone: "+1 (555) 010-0100",
      address: "12 Garage Lane, Springfield",
      country: "US",
      region: "NY",
      company: options.onAccount ? "Springfield Garages Inc." : null,
      taxId: options.onAccount ? "US-99-0000001" : null,
    },
    order: {
      number: "ORD-000123",
      placedOn: "2026-11-20",
      poNumber: options.onAccount ? "PO-7781" : null,
      paymentMethod: options.onAccount ? "account" : "card",
      paymentTermsDays: options.onAccount ? 30 : null,
      dueOn: options.onAccount ? "2026-12-27" : null,
    },
    lines,
    totals: {
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      byRate: totalsByRate(
        lines.map((l) => ({ netCents: l.netCents, rateMilli, label, taxCents: l.taxCents })),
      ),
    },
    taxExemptReason: options.exemptReason ?? null,
  };
}

/** The credit note of `invoice`, numbered CN-2026-000007. */
export function sampleCreditNote(invoice: InvoiceDocument, reason: string): InvoiceDocument {
  return {
    ...invoice,
    kind: "credit_note",
    number: "CN-2026-000007",
    issuedOn: "2026-11-29",
    refersTo: { number: invoice.number, issuedOn: invoice.issuedOn },
    reason,
  };
}
