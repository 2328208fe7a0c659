import { describe, expect, it } from "vitest";
import { pdfText, squeeze } from "./invoice-test-helpers";
import { renderInvoicePdf } from "./render-pdf";
import { sampleCreditNote, sampleInvoice } from "./sample-documents";

describe("an invoice's PDF", () => {
  it("prints the number, the parties, the order, the terms, each line, the tax per rate and the totals", async () => {
    const document = sampleInvoice(3, { onAccount: true });
    const { text, pages } = await pdfText(await renderInvoicePdf(document));
    const t = squeeze(text);
    expect(pages).toBe(1);
    expect(t).toContain("Invoice INV-2026-000042");
    for (const part of [
      "Car Mechanic Supplies LLC",
      "Tax ID: US-31-4159265",
      "Bank details for transfers: First Ohio Bank",
      "Springfield Garages Inc.",
      "Amina Workshop",
      "NY, US",
      "Tax ID: US-99-0000001",
      "amina@example.com",
      "Order number ORD-000123",
      "PO number PO-7781",
      "Order date November 20, 2026",
      "Invoice date November 27, 2026",
      "Terms Payment due 30 days after shipping",
      "Due date December 27, 2026",
    ]) {
      expect(t).toContain(part);
    }
    // Lines: SKU, description, quantity, unit price, rate, net, tax (1 × $19.99, 2 × $21.36, 3 × $22.73).
    expect(t).toMatch(/TL-1000 Torque wrench 1, .* 1 \$19\.99 8\.875% \$19\.99 \$1\.77/);
    expect(t).toMatch(/TL-1001 Socket set 2 2 \$21\.36 8\.875% \$42\.72 \$3\.79/);
    expect(t).toMatch(/TL-1002 Socket set 3 3 \$22\.73 8\.875% \$68\.19 \$6\.05/);
    expect(t).toContain("Sales tax 8.875% on $130.90 $11.61");
    expect(t).toMatch(/Subtotal \$130\.90/);
    expect(t).toMatch(/Tax \$11\.61/);
    expect(t).toMatch(/Total \$142\.51/);
    expect(document.totals.totalCents).toBe(14251);
  });

  it("flows 200 lines over pages, the table's header on each, every line once, totals at the end", async () => {
    const document = sampleInvoice(200);
    const { text, pages } = await pdfText(await renderInvoicePdf(document));
    expect(pages).toBeGreaterThan(3);
    const perPage = text.split("\f").filter((p) => p.trim() !== "");
    expect(perPage).toHaveLength(pages);
    for (const [i, page] of perPage.entries()) {
      expect(squeeze(page)).toMatch(/SKU Description Qty Unit price Tax rate Net Tax/);
      expect(page).toContain(`Page ${i + 1} of ${pages}`);
    }
    for (const line of document.lines) {
      expect(text.match(new RegExp(`${line.sku} `, "g")), line.sku ?? "").toHaveLength(1);
    }
    const last = squeeze(perPage.at(-1) ?? "");
    expect(last).toContain("Total $135,420.46");
  });

  it("gives a tax-exempt buyer's reason at 0 %, and a credit note its invoice and reason", async () => {
    const invoice = sampleInvoice(2, { exemptReason: "Resale certificate NY-1234" });
    const { text } = await pdfText(
      await renderInvoicePdf(sampleCreditNote(invoice, "Goods returned damaged")),
    );
    const t = squeeze(text);
    expect(t).toContain("Credit note CN-2026-000007");
    expect(t).toContain("Credit note for invoice INV-2026-000042 of November 27, 2026");
    expect(t).toContain("Reason: Goods returned damaged");
    expect(t).toContain("Tax exempt: Resale certificate NY-1234 (0%)");
    expect(t).toMatch(/TL-1001 Socket set 2 2 \$21\.36 0% \$42\.72 \$0\.00/);
    expect(t).toMatch(/Total credited \$62\.71/);
  });

  it("renders the same document to the same bytes", async () => {
    const document = sampleInvoice(40, { onAccount: true });
    const first = await renderInvoicePdf(document);
    const again = await renderInvoicePdf(structuredClone(document));
    expect(again.equals(first)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
