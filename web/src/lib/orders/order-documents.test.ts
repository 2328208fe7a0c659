import { describe, expect, it } from "vitest";
import { orderDocuments, orderTaxLines, orderTaxNote } from "./order-documents";

const id = "0b6f7a4e-3c51-4d0e-9a3f-1f2e3d4c5b6a";

describe("an order's tax and documents in the order lists", () => {
  it("links the invoice and the credit note once issued, each to its PDF", () => {
    expect(orderDocuments({ _id: id, invoiceNumber: null, creditNoteNumber: null })).toEqual([]);
    expect(
      orderDocuments({ _id: id, invoiceNumber: "INV-2026-000001", creditNoteNumber: "CN-2026-000004" }),
    ).toEqual([
      { kind: "invoice", label: "Invoice INV-2026-000001", href: `/api/orders/${id}/invoice.pdf` },
      { kind: "credit_note", label: "Credit note CN-2026-000004", href: `/api/orders/${id}/credit-note.pdf` },
    ]);
  });

  it("says the tax in the total, or why there is none", () => {
    expect(orderTaxNote({ tax: 7.99, taxExemptReason: null })).toBe("incl. $7.99 tax");
    expect(orderTaxNote({ tax: 0, taxExemptReason: "EU reverse charge" })).toBe("Tax exempt");
    expect(orderTaxNote({ tax: 0, taxExemptReason: null })).toBe("No tax");
  });

  it("lists the stored tax per rate as the checkout showed it", () => {
    const taxes = [{ label: "Sales tax", rate: 8.875, net: 1763, tax: 156.47 }];
    expect(orderTaxLines({ taxes, taxExemptReason: null })).toEqual(["Sales tax 8.875% — $156.47"]);
    expect(
      orderTaxLines({
        taxes: [{ label: "Tax exempt", rate: 0, net: 10, tax: 0 }],
        taxExemptReason: "Resale",
      }),
    ).toEqual(["Tax exempt — $0.00"]);
  });
});
