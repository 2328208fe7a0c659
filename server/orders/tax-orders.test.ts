import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import { type Company, companyMessages } from "../../contract/companies";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import type { TaxRateInput } from "../../contract/tax";
import { companyWithBuyer } from "../companies/company-test-helpers";
import { companies } from "../companies/tables";
import { insertTool } from "../test/factories";
import { queriesDuring } from "../test/queries";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { totalChanged } from "./checkout";
import { daysFromNow, orderBody, startPayment } from "./order-test-helpers";
import { orderLines, orders } from "./tables";

// Tax in the order (issue 28): each line pays the delivery address's rate, rounded once per line
// half-up; the order's tax is the sum of its lines' and its total (what the buyer confirms, the card
// is charged and the credit limit holds) the sum of net and tax. A tax-exempt company pays none.

const rates: TaxRateInput[] = [
  { country: "US", rate: 6.25, label: "Sales tax" },
  { country: "US", region: "New York", rate: 8.875, label: "NY sales tax" },
  { country: "DE", rate: 19, label: "VAT" },
];

describeEachDatabase(
  "tax in orders: POST /api/order and POST /api/checkout",
  (env) => {
    let admin: TestUser;

    beforeAll(async () => {
      admin = await signUp(env.app, { email: adminEmail });
      const res = await call(env.app, "PUT", "/api/settings/tax", admin, { rates });
      expect(res.statusCode, res.body).toBe(200);
    });

    const linesOf = (orderId: string) =>
      env.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.lineNo);
    const rowOf = async (orderId: string) =>
      (await env.db.select().from(orders).where(eq(orders.id, orderId)))[0];
    const put = async (who: TestUser, toolId: string, quantity: number) => {
      const res = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    const checkout = (who: TestUser, confirmedTotal: number, extra: Record<string, unknown> = {}) =>
      call(env.app, "POST", "/api/checkout", who, {
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: daysFromNow(10),
        confirmedTotal,
        ...extra,
      });
    const order = (who: TestUser, toolId: string, quantity: number, extra: Record<string, unknown> = {}) =>
      call(env.app, "POST", "/api/order", who, orderBody(toolId, quantity, extra));

    /** The order a 201 answered. */
    const placedBy = (res: Awaited<ReturnType<typeof order>>) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResponse>().order;
    };

    /** The stored order's figures: its lines' tax adds up to the order's, net and tax to its total. */
    async function expectStoredSums(orderId: string) {
      const row = await rowOf(orderId);
      const lines = await linesOf(orderId);
      const net = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const tax = lines.reduce((sum, l) => sum + l.taxCents, 0);
      expect(row?.taxCents).toBe(tax);
      expect(row?.totalCents).toBe(net + tax);
      return { row, lines };
    }

    it("checks out several lines at 8.875 %: each line's tax rounded half-up, the total confirmed and charged with tax", async () => {
      const buyer = await signUp(env.app);
      // $0.40 × 10 = $4.00 → 35.5 cents → 36; $1.00 × 1 → 8.875 → 9; $10.00 × 4 = $40.00 → 355.
      const washers = await insertTool(env.db, { name: "Washers", priceCents: 40, minimum: 10 });
      const clips = await insertTool(env.db, { name: "Clips", priceCents: 100, minimum: 1 });
      const gaskets = await insertTool(env.db, { name: "Gaskets", priceCents: 1000, minimum: 1 });
      await put(buyer, washers.id, 10);
      await put(buyer, clips.id, 1);
      const cart = await put(buyer, gaskets.id, 4);
      expect(cart.total).toBe(45);
      const newYork = { country: "us", region: "  new YORK " };

      // The net total is not what the buyer pays: confirmed without the tax, nothing is ordered.
      const withoutTax = await checkout(buyer, 45, newYork);
      expect(withoutTax.statusCode, withoutTax.body).toBe(409);
      expect(withoutTax.json().error).toBe(totalChanged);
      expect((await put(buyer, gaskets.id, 4)).lines).toHaveLength(3);

      // Per line: 36 + 9 + 355 = 400 cents (the order's $45.00 at 8.875 % would round to 399).
      const placed = placedBy(await checkout(buyer, 49, newYork));
      expect(placed).toMatchObject({
        subtotal: 45,
        tax: 4,
        total: 49,
        taxes: [{ label: "NY sales tax", rate: 8.875, net: 45, tax: 4 }],
        country: "US",
        region: "new YORK",
        taxExemptReason: null,
        lines: [
          { name: "Washers", lineTotal: 4, taxRate: 8.875, taxLabel: "NY sales tax", tax: 0.36 },
          { name: "Clips", lineTotal: 1, taxRate: 8.875, taxLabel: "NY sales tax", tax: 0.09 },
          { name: "Gaskets", lineTotal: 40, taxRate: 8.875, taxLabel: "NY sales tax", tax: 3.55 },
        ],
      });
      const { row, lines } = await expectStoredSums(placed._id);
      expect(row).toMatchObject({ country: "US", region: "new YORK", taxCents: 400, totalCents: 4900 });
      expect(row?.buyerTaxId).toBeNull();
      expect(lines.map((l) => [l.taxRateMilli, l.taxLabel, l.taxCents])).toEqual([
        [8875, "NY sales tax", 36],
        [8875, "NY sales tax", 9],
        [8875, "NY sales tax", 355],
      ]);
      // The card is charged the total with tax; the order read later says the same as the answer.
      expect((await startPayment(env.app, buyer, placed._id)).amount).toBe(4900);
      const read = await call(env.app, "GET", `/api/order/${placed._id}`, buyer);
      expect(read.json<Order>()).toMatchObject({ subtotal: 45, tax: 4, total: 49, taxes: placed.taxes });
    });

    it("takes the region's rate over the country's, the country's for any other region, and none without a rate", async () => {
      const buyer = await signUp(env.app);
      // $10.01: 8.875 % → 88.83875 → 89; 6.25 % → 62.5625 → 63; 19 % → 190.19 → 190.
      const tool = await insertTool(env.db, { priceCents: 1001, minimum: 1, available: 100_000 });
      const cases = [
        [{ region: "New York" }, 8875, "NY sales tax", 89],
        [{ region: "NEW YORK" }, 8875, "NY sales tax", 89],
        [{ region: "Ohio" }, 6250, "Sales tax", 63],
        [{}, 6250, "Sales tax", 63],
        [{ country: "de", region: "Bayern" }, 19_000, "VAT", 190],
        [{ country: "FR" }, 0, "No tax", 0],
      ] as const;
      for (const [address, rateMilli, label, taxCents] of cases) {
        const placed = placedBy(await order(buyer, tool.id, 1, address));
        expect(placed, JSON.stringify(address)).toMatchObject({
          subtotal: 10.01,
          tax: taxCents / 100,
          total: (1001 + taxCents) / 100,
          taxes: [{ label, rate: rateMilli / 1000, net: 10.01, tax: taxCents / 100 }],
          lines: [{ taxRate: rateMilli / 1000, taxLabel: label, tax: taxCents / 100 }],
        });
        const { row, lines } = await expectStoredSums(placed._id);
        expect(row).toMatchObject({
          country: "country" in address ? address.country.toUpperCase() : "US",
          region: "region" in address ? address.region : "",
        });
        expect(lines).toMatchObject([{ taxRateMilli: rateMilli, taxLabel: label, taxCents }]);
      }
      // The card is charged the total with tax on Order Now too.
      const [newYork] = await env.db.select().from(orders).where(eq(orders.region, "New York"));
      if (!newYork) throw new Error("the New York order was not stored");
      expect((await startPayment(env.app, buyer, newYork.id)).amount).toBe(1001 + 89);
    });

    it("reads the address's rate in the statement that draws the order's number: no round trip of its own", async () => {
      const buyer = await signUp(env.app);
      const tool = await insertTool(env.db, { priceCents: 1001, minimum: 1, available: 100_000 });
      const readsRate = (sent: string[]) => sent.filter((text) => /"tax_rates"/.test(text));
      const draws = (text: string) => text.includes("nextval('order_number_seq')");

      const ordering = await queriesDuring(env.db, async () => {
        const res = await order(buyer, tool.id, 1, { region: "New York" });
        expect(res.statusCode, res.body).toBe(201);
      });
      expect(readsRate(ordering)).toHaveLength(1);
      expect(readsRate(ordering).every(draws)).toBe(true);

      await put(buyer, tool.id, 1);
      const checkingOut = await queriesDuring(env.db, async () => {
        const res = await checkout(buyer, 10.9, { region: "New York" });
        expect(res.statusCode, res.body).toBe(201);
      });
      expect(readsRate(checkingOut)).toHaveLength(1);
      expect(readsRate(checkingOut).every(draws)).toBe(true);
    });

    it("refuses a bad country or region with 400 and orders nothing", async () => {
      const buyer = await signUp(env.app);
      const tool = await insertTool(env.db, { priceCents: 500, minimum: 1 });
      for (const [extra, error] of [
        [{ country: "USA" }, "Use the country's two-letter code (US, DE, FR…)"],
        [{ country: 1 }, "Choose the country of the delivery address"],
        [{ region: "x".repeat(65) }, "Use at most 64 characters for the region"],
      ] as const) {
        const res = await order(buyer, tool.id, 1, extra);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error });
      }
      expect(await env.db.select().from(orders).where(eq(orders.toolId, tool.id))).toEqual([]);
    });

    it("a tax-exempt company's orders pay no tax, labelled 'Tax exempt', with the reason and its tax ID stored", async () => {
      const { company, buyer } = await companyWithBuyer(env, admin, { taxExemptReason: "EU reverse charge" });
      expect(company.taxExemptReason).toBeNull(); // as applied for; the PATCH set it
      const tool = await insertTool(env.db, { priceCents: 2500, minimum: 1 });

      const placed = placedBy(await order(buyer, tool.id, 2, { country: "DE" }));
      expect(placed).toMatchObject({
        subtotal: 50,
        tax: 0,
        total: 50,
        taxExemptReason: "EU reverse charge",
        taxes: [{ label: "Tax exempt", rate: 0, net: 50, tax: 0 }],
        lines: [{ taxRate: 0, taxLabel: "Tax exempt", tax: 0 }],
      });
      const stored = await expectStoredSums(placed._id);
      expect(stored.row).toMatchObject({ taxExemptReason: "EU reverse charge", buyerTaxId: "DE123456789" });

      // The checkout too: confirmed without tax, the lines exempt.
      await put(buyer, tool.id, 3);
      const out = await checkout(buyer, 75, { country: "DE" });
      expect(out.statusCode, out.body).toBe(201);
      const checkedOut = out.json<PlaceOrderResponse>().order;
      expect(checkedOut).toMatchObject({ tax: 0, total: 75, taxExemptReason: "EU reverse charge" });
      const lines = await linesOf(checkedOut._id);
      expect(lines).toMatchObject([{ taxRateMilli: 0, taxLabel: "Tax exempt", taxCents: 0 }]);
      expect(await rowOf(checkedOut._id)).toMatchObject({ buyerTaxId: "DE123456789" });
    });

    it("a company that is not exempt pays the address's tax, and its tax ID is stored on the order", async () => {
      const { buyer } = await companyWithBuyer(env, admin);
      const tool = await insertTool(env.db, { priceCents: 2500, minimum: 1 });
      const placed = placedBy(await order(buyer, tool.id, 2, { country: "DE" }));
      expect(placed).toMatchObject({ subtotal: 50, tax: 9.5, total: 59.5, taxExemptReason: null });
      const { row } = await expectStoredSums(placed._id);
      expect(row).toMatchObject({ taxExemptReason: null, buyerTaxId: "DE123456789", taxCents: 950 });
    });

    it("holds the total with tax against the credit limit: an order that fits net but not with tax is refused", async () => {
      const onAccount = { paymentTermsDays: 30, creditLimit: 100 } as const;
      const tool = await insertTool(env.db, { priceCents: 9000, minimum: 1, available: 100_000 });

      // Order Now: $90.00 + 19 % = $107.10 > $100.00; the same order delivered where no rate applies fits.
      const first = await companyWithBuyer(env, admin, onAccount);
      const refused = await order(first.buyer, tool.id, 1, { country: "DE", paymentMethod: "account" });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ error: companyMessages.overCreditLimit });
      const byCompany = () => env.db.select().from(orders).where(eq(orders.companyId, first.company._id));
      expect(await byCompany()).toEqual([]);
      const fits = await order(first.buyer, tool.id, 1, { country: "FR", paymentMethod: "account" });
      expect(fits.statusCode, fits.body).toBe(201);
      expect(await byCompany()).toHaveLength(1);

      // Checkout: the same, confirmed with its tax.
      const second = await companyWithBuyer(env, admin, onAccount);
      await put(second.buyer, tool.id, 1);
      const over = await checkout(second.buyer, 107.1, { country: "DE", paymentMethod: "account" });
      expect(over.statusCode, over.body).toBe(409);
      expect(over.json()).toMatchObject({ error: companyMessages.overCreditLimit });
      const inLimit = await checkout(second.buyer, 90, { country: "FR", paymentMethod: "account" });
      expect(inLimit.statusCode, inLimit.body).toBe(201);
      // The company's balance counts what its orders cost with tax.
      const withTax = await companyWithBuyer(env, admin, { paymentTermsDays: 30, creditLimit: 200 });
      const taxed = await order(withTax.buyer, tool.id, 1, { country: "DE", paymentMethod: "account" });
      expect(taxed.statusCode, taxed.body).toBe(201);
      const [stored] = await env.db.select().from(orders).where(eq(orders.companyId, withTax.company._id));
      expect(stored).toMatchObject({ totalCents: 10_710, taxCents: 1710 });
      const again = await order(withTax.buyer, tool.id, 1, { country: "DE", paymentMethod: "account" });
      // $107.10 + $107.10 > $200.00 (net, $180.00 would fit).
      expect(again.statusCode, again.body).toBe(409);
    });

    it("PATCH /api/companies/{id} sets a company's exemption, and clears it with null or an empty reason", async () => {
      const { company } = await companyWithBuyer(env, admin);
      const patch = (body: Record<string, unknown>) =>
        call(env.app, "PATCH", `/api/companies/${company._id}`, admin, body);
      const stored = async () =>
        (await env.db.select().from(companies).where(eq(companies.id, company._id)))[0]?.taxExemptReason;

      const set = await patch({ taxExemptReason: "  Resale certificate 42 " });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<Company>().taxExemptReason).toBe("Resale certificate 42");
      expect(await stored()).toBe("Resale certificate 42");
      // Other terms leave it as it is.
      expect((await patch({ discountPercent: 5 })).json<Company>().taxExemptReason).toBe(
        "Resale certificate 42",
      );

      const cleared = await patch({ taxExemptReason: null });
      expect(cleared.json<Company>().taxExemptReason).toBeNull();
      expect(await stored()).toBeNull();

      await patch({ taxExemptReason: "EU reverse charge" });
      const emptied = await patch({ taxExemptReason: "" });
      expect(emptied.statusCode, emptied.body).toBe(200);
      expect(emptied.json<Company>().taxExemptReason).toBeNull();
      expect(await stored()).toBeNull();

      const tooLong = await patch({ taxExemptReason: "x".repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ error: "Use at most 200 characters for the reason" });
      const notText = await patch({ taxExemptReason: 7 });
      expect(notText.statusCode).toBe(400);
      expect(notText.json()).toEqual({ error: "Enter the exemption's reason as text" });
      // Only the shop's admins.
      const buyer = await signUp(env.app);
      const refused = await call(env.app, "PATCH", `/api/companies/${company._id}`, buyer, {
        taxExemptReason: "Mine",
      });
      expect(refused.statusCode).toBe(403);
      expect(await stored()).toBeNull();
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
