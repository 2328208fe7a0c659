import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartAnswer } from "../../contract/answers";
import type { Cart, QuickOrderAnswer } from "../../contract/cart";
import type { ReorderAnswer } from "../../contract/checkout";
import { companies, companyMembers } from "../companies/tables";
import { expectAnswer } from "../test/answers";
import { insertOrder, insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";

type Status = "pending" | "approved" | "rejected";

/** A company with `discountPercent` off, in `status`, whose buyer is `who` (straight into its tables). */
async function memberOf(env: TestEnv, who: TestUser, status: Status, discountPercent: number) {
  const [company] = await env.db
    .insert(companies)
    .values({
      name: `Garage ${who.email}`,
      taxId: "DE123456789",
      address: "12 Garage Road",
      status,
      discountPercent,
    })
    .returning();
  if (!company) throw new Error("no company");
  await env.db
    .insert(companyMembers)
    .values({ userId: await userIdOf(env.db, who.email), companyId: company.id, role: "buyer" });
  return company;
}

describeEachDatabase(
  "company prices (issue 27): the cart at the buyer's company price, the public catalog at list prices",
  (env) => {
    // $6.50 a piece, $5.90 from 500 (15% off: 501.5 cents → $5.02 half-up); $89.50 (→ 7607.5 → $76.08).
    let plugs: Awaited<ReturnType<typeof insertTool>>;
    let wrench: Awaited<ReturnType<typeof insertTool>>;
    beforeAll(async () => {
      plugs = await insertTool(env.db, {
        name: "Spark plugs",
        sku: `CP-SP-${crypto.randomUUID()}`,
        priceCents: 6_50,
        priceBreaks: [{ minQuantity: 500, priceCents: 5_90 }],
        minimum: 100,
        available: 5000,
      });
      wrench = await insertTool(env.db, {
        name: "Torque wrench",
        sku: `CP-TW-${crypto.randomUUID()}`,
        priceCents: 89_50,
        minimum: 10,
        available: 1000,
      });
    });

    const put = async (who: TestUser, toolId: string, quantity: number) => {
      const res = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
      expect(res.statusCode, res.body).toBe(200);
      expectAnswer(cartAnswer, res.json());
      return res.json<Cart>();
    };
    const cartOf = async (who: TestUser) => {
      const res = await call(env.app, "GET", "/api/cart", who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    /** Each line's price a piece, its total and what it was added at, then the cart's total. */
    const prices = (cart: Cart) => ({
      lines: cart.lines.map((l) => [l.name, l.unitPrice, l.lineTotal, l.addedUnitPrice, l.problem]),
      total: cart.total,
    });
    const fill = async (who: TestUser) => {
      await put(who, plugs.id, 500);
      return put(who, wrench.id, 10);
    };
    const listPrices = {
      lines: [
        ["Spark plugs", 5.9, 2950, 5.9, null],
        ["Torque wrench", 89.5, 895, 89.5, null],
      ],
      total: 3845,
    };
    const companyPrices = {
      lines: [
        ["Spark plugs", 5.02, 2510, 5.02, null],
        ["Torque wrench", 76.08, 760.8, 76.08, null],
      ],
      total: 3270.8,
    };

    it("prices an approved company's buyer's lines at the break price less the discount, half-up to the cent", async () => {
      const buyer = await signUp(env.app);
      await memberOf(env, buyer, "approved", 15);
      // Below the break: $6.50 less 15% = 552.5 cents → $5.53.
      expect(prices(await put(buyer, plugs.id, 100))).toEqual({
        lines: [["Spark plugs", 5.53, 553, 5.53, null]],
        total: 553,
      });
      expect(prices(await fill(buyer))).toEqual(companyPrices);
      expect(prices(await cartOf(buyer))).toEqual(companyPrices);
      // Removing a line answers the rest at the same prices.
      const res = await call(env.app, "DELETE", `/api/cart/lines/${plugs.id}`, buyer);
      expect(prices(res.json<Cart>())).toEqual({ lines: [companyPrices.lines[1]], total: 760.8 });
    });

    it("shows list prices to a plain buyer and to the buyers of a pending or rejected company", async () => {
      const plain = await signUp(env.app);
      expect(prices(await fill(plain))).toEqual(listPrices);
      for (const status of ["pending", "rejected"] as const) {
        const buyer = await signUp(env.app);
        await memberOf(env, buyer, status, 15);
        expect(prices(await fill(buyer)), status).toEqual(listPrices);
        expect(prices(await cartOf(buyer)), status).toEqual(listPrices);
      }
    });

    it("moves the lines to list prices when the buyer leaves the company (a changed price to accept), and back", async () => {
      const buyer = await signUp(env.app);
      const company = await memberOf(env, buyer, "approved", 15);
      expect(prices(await fill(buyer))).toEqual(companyPrices);
      const userId = await userIdOf(env.db, buyer.email);
      await env.db.delete(companyMembers).where(eq(companyMembers.userId, userId));
      const left = await cartOf(buyer);
      expect(left.lines.map((l) => [l.unitPrice, l.problem])).toEqual([
        [5.9, "The price changed from $5.02 to $5.90 a piece"],
        [89.5, "The price changed from $76.08 to $89.50 a piece"],
      ]);
      expect(left.total).toBe(0); // nothing can be checked out until the new prices are accepted
      // Setting the lines again takes the list price.
      expect(prices(await fill(buyer))).toEqual(listPrices);
      // A company's discount changed by the shop admin is the buyer's price from then on.
      await env.db.insert(companyMembers).values({ userId, companyId: company.id, role: "buyer" });
      await env.db.update(companies).set({ discountPercent: 50 }).where(eq(companies.id, company.id));
      expect(prices(await fill(buyer))).toEqual({
        lines: [
          ["Spark plugs", 2.95, 1475, 2.95, null],
          ["Torque wrench", 44.75, 447.5, 44.75, null],
        ],
        total: 1922.5,
      });
    });

    it("prices a quick order's lines at the company price", async () => {
      const buyer = await signUp(env.app);
      await memberOf(env, buyer, "approved", 15);
      const res = await call(env.app, "POST", "/api/cart/quick-order", buyer, {
        text: `${plugs.sku} 500\n${wrench.sku} 10`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<QuickOrderAnswer>();
      expect(answer.problems).toEqual([]);
      expect(prices(answer.cart)).toEqual(companyPrices);
      expect(prices(await cartOf(buyer))).toEqual(companyPrices);
    });

    it("puts an order back (Order again) at the company price, a price unchanged since not said", async () => {
      const buyer = await signUp(env.app);
      await memberOf(env, buyer, "approved", 15);
      const order = await insertOrder(env.db, wrench, buyer, { unitPriceCents: 76_08, quantity: 10 });
      const res = await call(env.app, "POST", `/api/order/${order.id}/reorder`, buyer);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<ReorderAnswer>();
      expect(answer.changes).toEqual([]);
      expect(prices(answer.cart)).toEqual({ lines: [companyPrices.lines[1]], total: 760.8 });
      // Bought at the list price before joining: the change is said.
      const before = await insertOrder(env.db, plugs, buyer, { unitPriceCents: 5_90, quantity: 500 });
      const again = await call(env.app, "POST", `/api/order/${before.id}/reorder`, buyer);
      expect(again.json<ReorderAnswer>().changes.map((c) => c.change)).toEqual([
        "Price changed from $5.90 to $5.02",
      ]);
    });

    describe("the public catalog", () => {
      it("answers list prices to a company buyer: GET /api/service and /api/service/{id}", async () => {
        const buyer = await signUp(env.app);
        await memberOf(env, buyer, "approved", 15);
        const one = await call(env.app, "GET", `/api/service/${plugs.id}`, buyer);
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json()).toMatchObject({ price: 6.5, priceBreaks: [{ minQuantity: 500, price: 5.9 }] });
        expect(one.body).toBe((await call(env.app, "GET", `/api/service/${plugs.id}`)).body);
        // The cached first page every visit reads, and another view read from the database.
        for (const url of ["/api/service", "/api/service?limit=100"]) {
          const signedIn = await call(env.app, "GET", url, buyer);
          expect(signedIn.statusCode, url).toBe(200);
          expect(signedIn.body, url).toBe((await call(env.app, "GET", url)).body);
        }
        const list = await call(env.app, "GET", "/api/service?limit=100", buyer);
        const listed = list.json<{ _id: string; price: number }[]>().find((t) => t._id === wrench.id);
        expect(listed?.price).toBe(89.5);
      });
    });
  },
);
