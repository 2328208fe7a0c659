import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Order } from "../../contract/orders";
import { tools } from "../catalog/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { getOrder, payOrder, placeOrder } from "./order-test-helpers";
import { orderEvents } from "./tables";

describeEachDatabase(
  "managing all orders: /api/allOrder",
  (env) => {
    let buyer: TestUser;
    let admin: TestUser;
    let toolId: string;

    const stock = async () =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]
        ?.available;
    const eventsOf = (orderId: string) =>
      env.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt));

    it("sets up a buyer, an admin and a tool", async () => {
      buyer = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
      toolId = (await insertTool(env.db, { minimum: 10, available: 1000 })).id;
    });

    it("refuses anonymous callers (401) and non-admins (403) on every admin route", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      const routes = [
        ["GET", "/api/allOrder"],
        ["PUT", `/api/allOrder/${order._id}`],
        ["DELETE", `/api/allOrder/${order._id}`],
      ] as const;
      for (const [method, url] of routes) {
        const anonymous = await call(env.app, method, url);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const user = await call(env.app, method, url, buyer);
        expect(user.statusCode, `${method} ${url}`).toBe(403);
        expect(user.json()).toEqual({ error: "Only admins can do that" });
      }
      expect((await getOrder(env.app, buyer, order._id)).status).toBe("pending");
    });

    it("lists every buyer's orders, newest first, with the paid flag and X-Total-Count", async () => {
      const other = await signUp(env.app);
      const older = await placeOrder(env.app, buyer, toolId, 10);
      const newer = await placeOrder(env.app, other, toolId, 20);
      const res = await call(env.app, "GET", "/api/allOrder?limit=2", admin);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(3);
      expect(res.json<Order[]>().map((o) => o._id)).toEqual([newer._id, older._id]);
      expect(res.json<Order[]>()[0]).toMatchObject({
        paid: false,
        status: "pending",
        orderEmail: other.email,
      });
    });

    describe("filtering by several statuses: ?status=pending&status=paid, or ?status=pending,paid", () => {
      const created: Record<"pending" | "paid" | "shipped" | "cancelled", string[]> = {
        pending: [],
        paid: [],
        shipped: [],
        cancelled: [],
      };
      const list = async (query: string) => {
        const res = await call(env.app, "GET", `/api/allOrder?${query}`, admin);
        expect(res.statusCode, res.body).toBe(200);
        return {
          ids: res.json<Order[]>().map((o) => o._id),
          orders: res.json<Order[]>(),
          total: Number(res.headers["x-total-count"]),
        };
      };

      it("sets up orders of every status", async () => {
        for (let i = 0; i < 3; i++) created.pending.push((await placeOrder(env.app, buyer, toolId, 10))._id);
        for (let i = 0; i < 2; i++) {
          const order = await placeOrder(env.app, buyer, toolId, 10);
          await payOrder(env.app, buyer, order._id);
          created.paid.push(order._id);
        }
        const shipped = await placeOrder(env.app, buyer, toolId, 10);
        await payOrder(env.app, buyer, shipped._id);
        expect((await call(env.app, "PUT", `/api/allOrder/${shipped._id}`, admin)).statusCode).toBe(200);
        created.shipped.push(shipped._id);
        const cancelled = await placeOrder(env.app, buyer, toolId, 10);
        expect((await call(env.app, "DELETE", `/api/allOrder/${cancelled._id}`, admin)).statusCode).toBe(200);
        created.cancelled.push(cancelled._id);
      });

      it("keeps the orders of any of the repeated statuses, newest first, with their count in X-Total-Count", async () => {
        const all = await list("limit=100");
        expect(all.total).toBe(all.orders.length); // every order fits on one page
        const toActOn = all.orders
          .filter((o) => o.status === "pending" || o.status === "paid")
          .map((o) => o._id);

        const found = await list("status=pending&status=paid&limit=100");
        expect(found.ids).toEqual(toActOn);
        expect(found.total).toBe(toActOn.length);
        expect(new Set(found.orders.map((o) => o.status))).toEqual(new Set(["pending", "paid"]));
        expect(found.ids).toEqual(expect.arrayContaining([...created.pending, ...created.paid]));
        for (const id of [...created.shipped, ...created.cancelled]) expect(found.ids).not.toContain(id);

        const done = await list("status=shipped&status=cancelled&limit=100");
        expect(done.total).toBe(all.total - toActOn.length);
        expect(done.ids).toEqual(all.ids.filter((id) => !toActOn.includes(id)));
      });

      it("takes a comma-separated list, or both forms at once, and ignores duplicates", async () => {
        const repeated = await list("status=pending&status=paid&limit=100");
        expect(await list("status=pending,paid&limit=100")).toEqual(repeated);
        expect(await list("status=paid%2C%20pending&limit=100")).toEqual(repeated);
        expect(await list("status=pending,paid&status=paid&status=pending&limit=100")).toEqual(repeated);

        const mixed = await list("status=pending,shipped&status=cancelled&limit=100");
        expect(new Set(mixed.orders.map((o) => o.status))).toEqual(
          new Set(["pending", "shipped", "cancelled"]),
        );

        const one = await list("status=shipped&limit=100");
        expect(one.ids).toContain(created.shipped[0]);
        expect(new Set(one.orders.map((o) => o.status))).toEqual(new Set(["shipped"]));
        expect(await list("status=shipped,shipped&limit=100")).toEqual(one);
      });

      it("pages through a list of several statuses", async () => {
        const whole = await list("status=pending&status=paid&limit=100");
        expect(whole.total).toBeGreaterThan(4);
        const pages: string[] = [];
        const pageCount = Math.ceil(whole.total / 2);
        for (let page = 1; page <= pageCount; page++) {
          const found = await list(`status=pending,paid&limit=2&page=${page}`);
          expect(found.total).toBe(whole.total);
          expect(found.ids.length).toBe(page < pageCount ? 2 : whole.total - 2 * (pageCount - 1));
          pages.push(...found.ids);
        }
        expect(pages).toEqual(whole.ids);
        const past = await list(`status=pending&status=paid&limit=2&page=${pageCount + 1}`);
        expect(past.ids).toEqual([]);
        expect(past.total).toBe(whole.total);
      });

      it("answers 400 naming an unknown status, whichever form it comes in", async () => {
        const cases = [
          ["status=pending&status=lost", "lost"],
          ["status=pending,lost", "lost"],
          ["status=paid,Shipped", "Shipped"],
          ["status=pending&status=paid,refunded&status=lost", "refunded"],
          ["status=", ""],
          ["status=pending,", ""],
        ] as const;
        for (const [query, bad] of cases) {
          const res = await call(env.app, "GET", `/api/allOrder?${query}`, admin);
          expect(res.statusCode, query).toBe(400);
          expect(res.json(), query).toEqual({
            error: `status "${bad}" is not one of pending, paid, shipped, cancelled`,
          });
        }
      });

      it("still refuses anonymous callers (401) and non-admins (403), before reading the filter", async () => {
        for (const query of ["status=pending&status=paid", "status=pending,paid", "status=lost"]) {
          const anonymous = await call(env.app, "GET", `/api/allOrder?${query}`);
          expect(anonymous.statusCode, query).toBe(401);
          const user = await call(env.app, "GET", `/api/allOrder?${query}`, buyer);
          expect(user.statusCode, query).toBe(403);
          expect(user.json()).toEqual({ error: "Only admins can do that" });
        }
      });
    });

    it("refuses to ship an unpaid order with 409", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      const res = await call(env.app, "PUT", `/api/allOrder/${order._id}`, admin, {
        ...order,
        status: "Shipped",
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Only paid orders can be shipped; this order is not paid yet" });
      expect((await getOrder(env.app, buyer, order._id)).status).toBe("pending");
    });

    it("ships a paid order from the spec's full-order body, records who did it, and refuses a second time", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      await payOrder(env.app, buyer, order._id);
      // The spec's client sends the whole order back; nothing in it but the intent counts.
      const body = { ...order, status: "Shipped", orderPrice: 0, orderEmail: "x@example.com", paid: true };
      const res = await call(env.app, "PUT", `/api/allOrder/${order._id}`, admin, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ acknowledged: true });
      const shipped = await getOrder(env.app, buyer, order._id);
      expect(shipped).toMatchObject({
        status: "shipped",
        paid: true,
        orderPrice: order.orderPrice,
        orderEmail: buyer.email,
      });

      const events = await eventsOf(order._id);
      expect(events.map((e) => `${e.fromStatus}->${e.toStatus}`)).toEqual([
        "null->pending",
        "pending->paid",
        "paid->shipped",
      ]);
      const adminId = (await call(env.app, "GET", "/api/auth/get-session", admin)).json().user.id;
      expect(events[2]?.actorUserId).toBe(adminId);

      const again = await call(env.app, "PUT", `/api/allOrder/${order._id}`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "This order has already been shipped" });
      const remove = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin);
      expect(remove.statusCode).toBe(409);
    });

    it("cancels an unpaid order, keeps it for the record, and puts its stock back on the list at once", async () => {
      const listed = async () =>
        (await env.app.inject({ method: "GET", url: "/api/service?limit=100" }))
          .json<{ _id: string; available: number }[]>()
          .find((t) => t._id === toolId)?.available;
      const before = await stock();
      expect(await listed()).toBe(before);
      const order = await placeOrder(env.app, buyer, toolId, 50);
      expect(await listed()).toBe((before ?? 0) - 50);

      const res = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await stock()).toBe(before);
      expect(await listed()).toBe(before);

      const kept = await getOrder(env.app, buyer, order._id);
      expect(kept).toMatchObject({ status: "cancelled", paid: false });
      const mine = (await call(env.app, "GET", "/api/order?status=cancelled", buyer)).json<Order[]>();
      expect(mine.map((o) => o._id)).toContain(order._id);
      const events = await eventsOf(order._id);
      expect(events.at(-1)).toMatchObject({ fromStatus: "pending", toStatus: "cancelled" });

      const again = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "This order is already cancelled" });
      expect(await stock()).toBe(before);

      const pay = await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId: order._id });
      expect(pay.statusCode).toBe(409);
      expect(pay.json()).toEqual({ error: "This order was cancelled and cannot be paid" });
    });

    it("refuses to remove a paid order with 409 and keeps its stock reserved", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      await payOrder(env.app, buyer, order._id);
      const before = await stock();
      const res = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Only unpaid orders can be removed; this order is paid" });
      expect(await stock()).toBe(before);
    });

    it("answers 404 for an unknown order and 400 for a malformed id", async () => {
      for (const method of ["PUT", "DELETE"] as const) {
        const unknown = await call(
          env.app,
          method,
          "/api/allOrder/8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
          admin,
        );
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ error: "No order with that id" });
        const malformed = await call(env.app, method, "/api/allOrder/1", admin);
        expect(malformed.statusCode).toBe(400);
      }
    });

    it("cancels once when two admins remove the same order at the same time", async () => {
      const order = await placeOrder(env.app, buyer, toolId, 10);
      const before = await stock();
      const results = await Promise.all(
        [1, 2, 3].map(() => call(env.app, "DELETE", `/api/allOrder/${order._id}`, admin)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await stock()).toBe((before ?? 0) + 10);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
