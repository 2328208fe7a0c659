import { expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { placeOrder } from "./order-test-helpers";

describeEachDatabase(
  "reading orders: GET /api/order and /api/order/{id}",
  (env) => {
    let alice: TestUser;
    let bob: TestUser;
    let admin: TestUser;
    let alicesOrders: Order[];
    let bobsOrder: Order;

    it("sets up two buyers with orders and an admin", async () => {
      alice = await signUp(env.app);
      bob = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
      const tool = await insertTool(env.db, { minimum: 10, available: 10_000 });
      alicesOrders = [];
      for (const quantity of [10, 20, 30])
        alicesOrders.push(await placeOrder(env.app, alice, tool.id, quantity));
      bobsOrder = await placeOrder(env.app, bob, tool.id, 40);
    });

    it("refuses anonymous callers with 401", async () => {
      for (const url of ["/api/order", `/api/order/${bobsOrder._id}`]) {
        const res = await call(env.app, "GET", url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: "Please sign in first" });
      }
    });

    it("lists only the caller's orders, newest first, with the total in X-Total-Count", async () => {
      const res = await call(env.app, "GET", "/api/order", alice);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("3");
      expect(res.json<Order[]>().map((o) => o.orderMinimum)).toEqual([30, 20, 10]);

      const own = await call(
        env.app,
        "GET",
        `/api/order?orderEmail=${encodeURIComponent(alice.email.toUpperCase())}`,
        alice,
      );
      expect(own.json<Order[]>()).toEqual(res.json());
    });

    it("refuses to list another user's orders with 403", async () => {
      const res = await call(env.app, "GET", `/api/order?orderEmail=${encodeURIComponent(bob.email)}`, alice);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "You can only see your own orders" });
    });

    it("pages with ?page=&limit= and filters by ?status=", async () => {
      const page2 = await call(env.app, "GET", "/api/order?page=2&limit=2", alice);
      expect(page2.headers["x-total-count"]).toBe("3");
      expect(page2.json<Order[]>().map((o) => o.orderMinimum)).toEqual([10]);
      const paid = await call(env.app, "GET", "/api/order?status=paid", alice);
      expect(paid.json()).toEqual([]);
      expect(paid.headers["x-total-count"]).toBe("0");
      const bad = await call(env.app, "GET", "/api/order?status=lost", alice);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "status must be one of pending, paid, shipped, cancelled" });
      expect((await call(env.app, "GET", "/api/order?limit=1000", alice)).statusCode).toBe(400);
    });

    it("shows one order to its owner and to admins; to anyone else it does not exist (404)", async () => {
      const first = alicesOrders[0] as Order;
      const mine = await call(env.app, "GET", `/api/order/${first._id}`, alice);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual(first);
      expect((await call(env.app, "GET", `/api/order/${first._id}`, admin)).json()).toEqual(first);

      const theirs = await call(env.app, "GET", `/api/order/${bobsOrder._id}`, alice);
      expect(theirs.statusCode).toBe(404);
      const unknown = await call(env.app, "GET", "/api/order/8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f", alice);
      expect(unknown.statusCode).toBe(404);
      expect(theirs.json()).toEqual(unknown.json());
      expect(unknown.json()).toEqual({ error: "No order with that id" });

      const malformed = await call(env.app, "GET", "/api/order/not-an-id", alice);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: "That is not a valid order id" });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
