import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
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
