import type { InvoiceKind } from "#contract/invoices";
import type { PaymentMethod } from "#contract/order-status";
import type { RateTotal } from "#contract/tax";

/**
 * Everything an invoice or credit note prints, fixed when it is issued (stored as JSON with it):
 * the PDF is rendered from this alone, so a later change to the seller's details, the company or
 * the catalog never changes a document already issued. Amounts in cents.
 */
export type InvoiceDocument = {
  kind: InvoiceKind;
  number: string;
  /** YYYY-MM-DD, the shop's time zone. */
  issuedOn: string;
  /** A credit note: the invoice it corrects (number and day), and why. */
  refersTo: { number: string; issuedOn: string } | null;
  reason: string | null;
  /** Null when no admin had saved the seller's details yet. */
  seller: { legalName: string; address: string; taxId: string; bankDetails: string } | null;
  buyer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    country: string;
    region: string;
    company: string | null;
    taxId: string | null;
  };
  order: {
    number: string;
    /** The day it was placed, YYYY-MM-DD. */
    placedOn: string;
    poNumber: string | null;
    paymentMethod: PaymentMethod;
    /** On account: the company's terms in days and the day the amount is due. */
    paymentTermsDays: number | null;
    dueOn: string | null;
  };
  lines: {
    lineNo: number;
    sku: string | null;
    name: string;
    quantity: number;
    unitPriceCents: number;
    netCents: number;
    rateMilli: number;
    taxLabel: string;
    taxCents: number;
  }[];
  totals: { subtotalCents: number; taxCents: number; totalCents: number; byRate: RateTotal[] };
  /** The buyer's company was tax-exempt: why (the document shows 0 % with it). */
  taxExemptReason: string | null;
};
