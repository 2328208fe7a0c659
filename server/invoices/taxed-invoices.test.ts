import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import { companyWithBuyer } from "../companies/company-test-helpers";
import { daysFromNow, orderBody, payOrder } from "../orders/order-test-helpers";
import { payments } from "../payments/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { pdfText, squeeze } from "./invoice-test-helpers";
import { invoices } from "./tables";

// The whole way through (issue 28): rates and seller set by the admin, a taxed checkout paid by
// card, an exempt company's order shipped on account, a refund: what each PDF says, and that for
// every order invoiced − credited is what the buyer was charged net or owes.

const seller = {
  legalName: "Car Mechanic Supplies LLC",
  address: "400 Industrial Way, Dayton, OH 45402, USA",
  taxId: "US-31-4159265",
  bankDetails: "First Ohio Bank, routing 041000124, account 1234567890",
};

describeEachDatabase(
  "taxed invoices, from the checkout to the credit note",
  (env) => {
    let admin: TestUser;

    beforeAll(async () => {
      admin = await signUp(env.app, { email: adminEmail });
      const saved = await call(env.app, "PUT", "/api/settings/seller", admin, seller);
      expect(saved.statusCode, saved.body).toBe(200);
      const rates = await call(env.app, "PUT", "/api/settings/tax", admin, {
        rates: [
          { country: "US", region: "NY", rate: 8.875, label: "NY sales tax" },
          { country: "DE", rate: 19, label: "VAT" },
        ],
      });
      expect(rates.statusCode, rates.body).toBe(200);
    });

    const pdf = async (who: TestUser, path: string) => {
      const res = await call(env.app, "GET", path, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      return squeeze((await pdfText(res.rawPayload)).text);
    };
    const documentsOf = (orderId: string) =>
      env.db.select().from(invoices).where(eq(invoices.orderId, orderId));

    it("a taxed checkout paid by card: the invoice's lines, tax per rate and totals are the order's, to the cent", async () => {
      const buyer = await signUp(env.app);
      // $0.40 × 10 → 35.5 cents of tax → 36; $1.00 × 1 → 8.875 → 9; $10.00 × 4 → 355: 400 in all.
      const washers = await insertTool(env.db, { name: "Washers", priceCents: 40, minimum: 10 });
      const clips = await insertTool(env.db, { name: "Clips", priceCents: 100, minimum: 1 });
      const gaskets = await insertTool(env.db, { name: "Gaskets", priceCents: 1000, minimum: 1 });
      for (const [tool, quantity] of [
        [washers, 10],
        [clips, 1],
        [gaskets, 4],
      ] as const) {
        const res = await call(env.app, "PUT", `/api/cart/lines/${tool.id}`, buyer, { quantity });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Cart>().lines.length).toBeGreaterThan(0);
      }
      const out = await call(env.app, "POST", "/api/checkout", buyer, {
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Buffalo",
        orderDate: daysFromNow(10),
        confirmedTotal: 49,
        country: "US",
        region: "ny",
        poNumber: "PO-7781",
      });
      expect(out.statusCode, out.body).toBe(201);
      const placed = out.json<PlaceOrderResponse>().order;
      expect(placed).toMatchObject({ subtotal: 45, tax: 4, total: 49, invoiceNumber: null });

      const paid = await payOrder(env.app, buyer, placed._id);
      expect(paid.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
      const [invoice] = await documentsOf(placed._id);
      expect(invoice).toMatchObject({
        kind: "invoice",
        subtotalCents: 4500,
        taxCents: 400,
        totalCents: 4900,
      });

      const text = await pdf(buyer, `/api/orders/${placed._id}/invoice.pdf`);
      expect(text).toContain(`Invoice ${paid.invoiceNumber}`);
      expect(text).toContain(seller.legalName);
      expect(text).toContain(`Tax ID: ${seller.taxId}`);
      expect(text).toContain("PO-7781");
      expect(text).toMatch(/Washers 10 \$0\.40 8\.875% \$4\.00 \$0\.36/);
      expect(text).toMatch(/Clips 1 \$1\.00 8\.875% \$1\.00 \$0\.09/);
      expect(text).toMatch(/Gaskets 4 \$10\.00 8\.875% \$40\.00 \$3\.55/);
      expect(text).toMatch(/NY sales tax 8\.875% on \$45\.00 \$4\.00/);
      expect(text).toMatch(/Subtotal \$45\.00/);
      expect(text).toMatch(/Total \$49\.00/);

      // The refund: a credit note of the same amounts, referring to the invoice; nothing owed or kept.
      const refund = await call(env.app, "POST", `/api/allOrder/${placed._id}/refund`, admin, {
        reason: "Returned unopened",
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const refunded = refund.json<Order>();
      expect(refunded).toMatchObject({ status: "cancelled", invoiceNumber: paid.invoiceNumber });
      expect(refunded.creditNoteNumber).toMatch(/^CN-\d{4}-\d{6}$/);
      const credit = await pdf(buyer, `/api/orders/${placed._id}/credit-note.pdf`);
      expect(credit).toContain(`Credit note ${refunded.creditNoteNumber}`);
      expect(credit).toContain(`Credit note for invoice ${paid.invoiceNumber}`);
      expect(credit).toContain("Returned unopened");
      expect(credit).toMatch(/NY sales tax 8\.875% on \$45\.00 \$4\.00/);
      expect(credit).toMatch(/Total credited \$49\.00/);

      const docs = await documentsOf(placed._id);
      const invoiced = docs.filter((d) => d.kind === "invoice").reduce((s, d) => s + d.totalCents, 0);
      const credited = docs.filter((d) => d.kind === "credit_note").reduce((s, d) => s + d.totalCents, 0);
      const charges = await env.db.select().from(payments).where(eq(payments.orderId, placed._id));
      const chargedNet = charges.reduce((s, p) => s + (p.status === "succeeded" ? p.amountCents : 0), 0);
      expect(invoiced).toBe(4900);
      expect(invoiced - credited).toBe(chargedNet);
      expect(chargedNet).toBe(0);
    });

    it("an exempt company's order shipped on account: 0 % with the reason, the company's tax ID, terms and due day", async () => {
      const { company, buyer } = await companyWithBuyer(env, admin, {
        paymentTermsDays: 30,
        creditLimit: 10_000,
        taxExemptReason: "EU reverse charge: VAT to be accounted for by the recipient",
      });
      const tool = await insertTool(env.db, { name: "Brake discs", priceCents: 4_250, minimum: 2 });
      const res = await call(
        env.app,
        "POST",
        "/api/order",
        buyer,
        orderBody(tool.id, 4, { paymentMethod: "account", country: "DE", poNumber: "B-99" }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json<PlaceOrderResponse>().order;
      expect(placed).toMatchObject({ subtotal: 170, tax: 0, total: 170 });

      const shipped = await call(env.app, "PUT", `/api/allOrder/${placed._id}`, admin, {});
      expect(shipped.statusCode, shipped.body).toBe(200);
      const [invoice] = await documentsOf(placed._id);
      expect(invoice).toMatchObject({
        kind: "invoice",
        companyId: company._id,
        taxCents: 0,
        totalCents: 17_000,
      });

      const text = await pdf(buyer, `/api/orders/${placed._id}/invoice.pdf`);
      expect(text).toContain(company.name);
      expect(text).toContain(`Tax ID: ${company.taxId}`);
      expect(text).toContain("Payment due 30 days after shipping");
      expect(text).toMatch(/Brake discs 4 \$42\.50 0% \$170\.00 \$0\.00/);
      expect(text).toContain("Tax exempt: EU reverse charge: VAT to be accounted for by the recipient");
      expect(text).toMatch(/Total \$170\.00/);
      // The company owes what it was invoiced.
      const balance = await call(env.app, "GET", `/api/companies/${company._id}/balance`, admin);
      expect(balance.json()).toMatchObject({ balance: 170 });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
