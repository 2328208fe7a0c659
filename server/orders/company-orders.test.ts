import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../contract/companies";
import type { Order } from "../../contract/orders";
import { pageLinks } from "../../contract/paging";
import { companyOf, joinCompany } from "../companies/company-test-helpers";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { payOrder, placeOrder } from "./order-test-helpers";
import { orders } from "./tables";

type Caller = "user" | "buyer" | "companyAdmin" | "otherAdmin" | "shopAdmin";

describeEachDatabase(
  "a company's orders: GET /api/companies/{id}/orders and one order of the company",
  (env) => {
    const who = {} as Record<Caller, TestUser>;
    let a: Company;
    let b: Company;
    /** Placed in this order: the buyer's first, the company admin's own, the buyer's paid one, company B's, a plain user's. */
    const placed = {} as Record<
      "buyerFirst" | "adminOwn" | "buyerPaid" | "otherCompany" | "plainUser",
      Order
    >;

    const list = async (url: string, caller: TestUser = who.companyAdmin) => {
      const res = await call(env.app, "GET", url, caller);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json<Order[]>().map((o) => o._id),
        total: Number(res.headers["x-total-count"]),
        links: pageLinks(res.headers.link as string | undefined),
      };
    };

    beforeAll(async () => {
      who.shopAdmin = await signUp(env.app, { email: adminEmail });
      who.user = await signUp(env.app);
      who.buyer = await signUp(env.app);
      who.companyAdmin = await signUp(env.app);
      who.otherAdmin = await signUp(env.app);
      a = await companyOf(env, who.companyAdmin, who.shopAdmin, "Garage A");
      b = await companyOf(env, who.otherAdmin, who.shopAdmin, "Garage B");
      await joinCompany(env, who.companyAdmin, a._id, who.buyer, "buyer");
      const tool = await insertTool(env.db, { minimum: 10, available: 1_000_000 });
      // POST /api/order does not yet make a member's order the company's nor take a PO number (the
      // other half of issue 27, placing on account, does): set both as it will, until it lands.
      const ofCompany = async (buyer: TestUser, company: Company, po: string) => {
        const order = await placeOrder(env.app, buyer, tool.id, 10);
        await env.db
          .update(orders)
          .set({ companyId: company._id, poNumber: po })
          .where(eq(orders.id, order._id));
        return order;
      };
      placed.buyerFirst = await ofCompany(who.buyer, a, "A-100");
      placed.adminOwn = await ofCompany(who.companyAdmin, a, "A-101");
      placed.buyerPaid = await ofCompany(who.buyer, a, "A-102");
      placed.otherCompany = await ofCompany(who.otherAdmin, b, "B-200");
      placed.plainUser = await placeOrder(env.app, who.user, tool.id, 10);
      await payOrder(env.app, who.buyer, placed.buyerPaid._id);
    });

    describe("who may list a company's orders", () => {
      it.each([
        ["a visitor", 401, undefined],
        ["a user of no company", 404, "user"],
        ["the company's buyer", 403, "buyer"],
        ["the company's admin", 200, "companyAdmin"],
        ["another company's admin", 404, "otherAdmin"],
        ["a shop admin", 200, "shopAdmin"],
      ] as const)("%s: %i", async (_, status, caller) => {
        const res = await call(env.app, "GET", `/api/companies/${a._id}/orders`, caller && who[caller]);
        expect(res.statusCode, res.body).toBe(status);
        if (status !== 200) expect(res.json()).toEqual({ error: expect.any(String) });
      });

      it("answers 404 for an unknown company and 400 for a malformed id, to a shop admin", async () => {
        const unknown = await call(
          env.app,
          "GET",
          `/api/companies/${crypto.randomUUID()}/orders`,
          who.shopAdmin,
        );
        expect(unknown.statusCode).toBe(404);
        const malformed = await call(env.app, "GET", "/api/companies/nope/orders", who.shopAdmin);
        expect(malformed.statusCode).toBe(400);
      });
    });

    it("lists every order of the company, its buyer's and its admin's, newest first, and no one else's", async () => {
      const expected = [placed.buyerPaid._id, placed.adminOwn._id, placed.buyerFirst._id];
      expect(await list(`/api/companies/${a._id}/orders`)).toMatchObject({ ids: expected, total: 3 });
      expect(await list(`/api/companies/${a._id}/orders`, who.shopAdmin)).toMatchObject({
        ids: expected,
        total: 3,
      });
      expect(await list(`/api/companies/${b._id}/orders`, who.otherAdmin)).toMatchObject({
        ids: [placed.otherCompany._id],
        total: 1,
      });
      const res = await call(env.app, "GET", `/api/companies/${a._id}/orders`, who.companyAdmin);
      const [newest] = res.json<Order[]>();
      expect(newest).toMatchObject({ poNumber: "A-102", companyId: a._id, orderEmail: who.buyer.email });
    });

    it("pages by cursor with X-Total-Count and Link, as GET /api/order", async () => {
      const first = await list(`/api/companies/${a._id}/orders?limit=2`);
      expect(first).toMatchObject({ ids: [placed.buyerPaid._id, placed.adminOwn._id], total: 3 });
      expect(first.links.prev).toBeUndefined();
      if (!first.links.next) throw new Error("no rel=next on a first page of 2 of 3");
      expect(first.links.next).toMatch(new RegExp(`^/api/companies/${a._id}/orders\\?`));
      const second = await list(first.links.next);
      expect(second).toMatchObject({ ids: [placed.buyerFirst._id], total: 3 });
      expect(second.links.next).toBeUndefined();
      if (!second.links.prev) throw new Error("no rel=prev on a second page");
      expect((await list(second.links.prev)).ids).toEqual(first.ids);
    });

    it("keeps the orders of one ?status=, counted in X-Total-Count", async () => {
      expect(await list(`/api/companies/${a._id}/orders?status=paid`)).toMatchObject({
        ids: [placed.buyerPaid._id],
        total: 1,
      });
      expect(await list(`/api/companies/${a._id}/orders?status=pending`)).toMatchObject({
        ids: [placed.adminOwn._id, placed.buyerFirst._id],
        total: 2,
      });
      expect(await list(`/api/companies/${a._id}/orders?status=shipped`)).toMatchObject({
        ids: [],
        total: 0,
      });
      const unknown = await call(
        env.app,
        "GET",
        `/api/companies/${a._id}/orders?status=lost`,
        who.companyAdmin,
      );
      expect(unknown.statusCode).toBe(400);
    });

    it("lets a company admin read one order of the company; a buyer reads only their own", async () => {
      const read = (caller: Caller, order: Order) =>
        call(env.app, "GET", `/api/order/${order._id}`, who[caller]);
      const theBuyers = await read("companyAdmin", placed.buyerFirst);
      expect(theBuyers.statusCode, theBuyers.body).toBe(200);
      expect(theBuyers.json<Order>()).toMatchObject({ _id: placed.buyerFirst._id, poNumber: "A-100" });
      expect((await read("buyer", placed.buyerFirst)).statusCode).toBe(200);
      // The same 404 as an unknown order: the company admin's own order to the buyer, the company's
      // orders to another company's admin and to a user of none, another company's to the admin.
      expect((await read("buyer", placed.adminOwn)).statusCode).toBe(404);
      expect((await read("otherAdmin", placed.buyerFirst)).statusCode).toBe(404);
      expect((await read("user", placed.buyerFirst)).statusCode).toBe(404);
      expect((await read("companyAdmin", placed.otherCompany)).statusCode).toBe(404);
      expect((await read("companyAdmin", placed.plainUser)).statusCode).toBe(404);
      expect((await read("shopAdmin", placed.buyerFirst)).statusCode).toBe(200);
    });

    // Last: it changes who belongs to company A.
    it("follows the member's role as it changes, and keeps a departed buyer's orders with the company", async () => {
      const partner = await signUp(env.app);
      await joinCompany(env, who.companyAdmin, a._id, partner, "admin");
      const ofA = `/api/companies/${a._id}/orders`;
      expect((await list(ofA, partner)).total).toBe(3);
      const partnerId = await userIdOf(env.db, partner.email);
      const demoted = await call(
        env.app,
        "PATCH",
        `/api/companies/${a._id}/members/${partnerId}`,
        who.companyAdmin,
        {
          role: "buyer",
        },
      );
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect((await call(env.app, "GET", ofA, partner)).statusCode).toBe(403);
      expect((await call(env.app, "GET", `/api/order/${placed.buyerFirst._id}`, partner)).statusCode).toBe(
        404,
      );

      const buyerId = await userIdOf(env.db, who.buyer.email);
      const removed = await call(
        env.app,
        "DELETE",
        `/api/companies/${a._id}/members/${buyerId}`,
        who.companyAdmin,
      );
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await list(ofA)).ids).toContain(placed.buyerFirst._id);
      expect(
        (await call(env.app, "GET", `/api/order/${placed.buyerFirst._id}`, who.companyAdmin)).statusCode,
      ).toBe(200);
      // The buyer who left still reads their own order, no longer the company's list.
      expect((await call(env.app, "GET", `/api/order/${placed.buyerFirst._id}`, who.buyer)).statusCode).toBe(
        200,
      );
      expect((await call(env.app, "GET", ofA, who.buyer)).statusCode).toBe(404);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
