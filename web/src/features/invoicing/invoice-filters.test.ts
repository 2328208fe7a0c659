import { describe, expect, it } from "vitest";
import { filterParams, invoicesCsvHref, parseInvoiceFilters } from "./invoice-filters";

describe("the invoices list's filters", () => {
  it("reads the days and the kind of the address, leaving out anything else", () => {
    expect(
      parseInvoiceFilters(new URLSearchParams("from=2026-01-01&to=2026-03-31&kind=credit_note")),
    ).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      kind: "credit_note",
    });
    expect(
      parseInvoiceFilters(new URLSearchParams("from=yesterday&kind=receipt&page=2&companyId=7")),
    ).toEqual({});
  });

  it("asks the list and the export for the same days; the export lists every kind", () => {
    const filters = { from: "2026-01-01", to: "2026-01-31", kind: "invoice" } as const;
    expect(filterParams(filters).toString()).toBe("from=2026-01-01&to=2026-01-31&kind=invoice");
    expect(invoicesCsvHref(filters)).toBe("/api/export/invoices.csv?from=2026-01-01&to=2026-01-31");
    expect(invoicesCsvHref({})).toBe("/api/export/invoices.csv");
    const companyId = "0b6f7a4e-3c51-4d0e-9a3f-1f2e3d4c5b6a";
    expect(parseInvoiceFilters(new URLSearchParams(`companyId=${companyId}`))).toEqual({ companyId });
    expect(invoicesCsvHref({ kind: "credit_note", companyId })).toBe(
      `/api/export/invoices.csv?companyId=${companyId}`,
    );
  });
});
