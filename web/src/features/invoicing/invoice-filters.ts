import { type InvoiceKind, invoiceKinds } from "#contract/invoices";

// The invoices list's filters (`?from=&to=&kind=&companyId=` of /dashboard/invoices): the days
// issued, both included, the kind and the company; the CSV export takes the same days and company.

export type InvoiceFilters = { from?: string; to?: string; kind?: InvoiceKind; companyId?: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters of the page's address; anything that is not one is left out. */
export function parseInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const filters: InvoiceFilters = {};
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const kind = invoiceKinds.find((k) => k === params.get("kind"));
  const companyId = params.get("companyId") ?? "";
  if (dayPattern.test(from)) filters.from = from;
  if (dayPattern.test(to)) filters.to = to;
  if (kind) filters.kind = kind;
  if (uuidPattern.test(companyId)) filters.companyId = companyId;
  return filters;
}

/** The filters as query parameters (of the page, the list's call, or the export without `kind`). */
export function filterParams(filters: InvoiceFilters, { withKind = true } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (withKind && filters.kind) params.set("kind", filters.kind);
  if (filters.companyId) params.set("companyId", filters.companyId);
  return params;
}

/** `GET /api/export/invoices.csv` with the list's days and company. */
export function invoicesCsvHref(filters: InvoiceFilters): string {
  const query = filterParams(filters, { withKind: false }).toString();
  return `/api/export/invoices.csv${query ? `?${query}` : ""}`;
}

export const invoiceKindLabels: Record<InvoiceKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
};
