import { z } from "zod";
import { requiredText, uuidParams } from "./fields";
import { canRefund, type OrderStatus, type PaymentMethod } from "./order-status";
import { isRealDate } from "./orders";
import { listQuery } from "./pagination";

// Invoices and credit notes (issue 28): issued once, numbered INV-YYYY-NNNNNN / CN-YYYY-NNNNNN from a
// counter per kind and year that never skips or repeats, never changed afterwards (a correction is a
// credit note referring to the invoice).

export const invoiceKinds = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

const prefixes: Record<InvoiceKind, string> = { invoice: "INV", credit_note: "CN" };

/** "INV-2026-000001", "CN-2027-000042". */
export function documentNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${prefixes[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** Where an order's documents are downloaded (the buyer, their company's admins, the shop's admins). */
export const invoicePdfPath = (orderId: string) => `/api/orders/${orderId}/invoice.pdf`;
export const creditNotePdfPath = (orderId: string) => `/api/orders/${orderId}/credit-note.pdf`;

export const orderDocumentParams = uuidParams("That is not a valid order id");

const dayField = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter ${name} as YYYY-MM-DD`)
    .refine(isRealDate, `${name} is not a date that exists`)
    .optional();

/** `GET /api/invoices` (shop admins): invoices and credit notes, newest first; issued between from and to (inclusive). */
export const invoiceListQuery = listQuery
  .extend({
    from: dayField("from"),
    to: dayField("to"),
    companyId: z.uuid({ error: "That is not a valid company id" }).optional(),
    kind: z.enum(invoiceKinds, { error: 'kind must be "invoice" or "credit_note"' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must be on or before to",
    path: ["from"],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

/** `GET /api/export/invoices.csv` (shop admins): the same filters, every row. */
export const invoiceExportQuery = z
  .object({
    from: dayField("from"),
    to: dayField("to"),
    companyId: z.uuid({ error: "That is not a valid company id" }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must be on or before to",
    path: ["from"],
  });

/** An invoice or credit note as the API lists it; amounts in dollars (a credit note's are what it credits). */
export const invoiceAnswer = z.object({
  _id: z.string(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  companyId: z.string().nullable(),
  /** The buyer's company's name as the document prints it; null for a buyer outside any company. */
  companyName: z.string().nullable(),
  buyerName: z.string(),
  /** The day it was issued, YYYY-MM-DD (the shop's time zone). */
  issuedOn: z.string(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  /** A credit note: the invoice it corrects, and why. */
  refersTo: z.string().nullable(),
  reason: z.string().nullable(),
  /** Where its PDF is downloaded. */
  pdfUrl: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceAnswer>;
export const invoiceListAnswer = z.array(invoiceAnswer);

/** `POST /api/allOrder/{id}/refund` (shop admins): cancel a paid or invoiced order, with why. */
export const refundBody = z.object({ reason: requiredText("Give the reason for the refund", 300) });
export type RefundBody = z.input<typeof refundBody>;

export const invoiceMessages = {
  noInvoice:
    "This order has no invoice yet: it is issued when the order is paid by card or shipped on account",
  noCreditNote: "This order has no credit note",
  notRefundable: "Only a paid or invoiced order can be refunded; remove an unpaid order instead",
  alreadyRefunded: "This order has already been cancelled",
  notInvoiced: "This on-account order has not shipped, so it has no invoice to credit; remove it instead",
} as const;

/** Why the order cannot be refunded (a 409's text); undefined when it can (contract/order-status.ts `canRefund`). */
export function refundRefusal(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
}): string | undefined {
  if (canRefund(order)) return undefined;
  if (order.status === "cancelled") return invoiceMessages.alreadyRefunded;
  if (order.paymentMethod === "account" && order.status === "pending") return invoiceMessages.notInvoiced;
  return invoiceMessages.notRefundable;
}
