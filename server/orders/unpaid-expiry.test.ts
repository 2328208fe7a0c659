import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Order } from "../../contract/orders";
import { tools } from "../catalog/tables";
import { loadConfig } from "../config";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";
import { backdateOrder, getOrder, payOrder, placeOrder, startPayment, testCard } from "./order-test-helpers";
import { orderEvents } from "./tables";

const hour = 3_600_000;

/** A buyer, an admin and a tool with plenty of stock, on one test environment. */
function shopFixture(env: TestEnv) {
  const fixture = {
    buyer: undefined as unknown as TestUser,
    admin: undefined as unknown as TestUser,
    toolId: "",
    stock: async () =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, fixture.toolId)))[0]
        ?.available ?? Number.NaN,
    eventsOf: (orderId: string) =>
      env.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt)),
    /** An order placed `hours` ago that nobody paid. */
    staleOrder: async (quantity = 10, hours = 49) => {
      const order = await placeOrder(env.app, fixture.buyer, fixture.toolId, quantity);
      await backdateOrder(env.db, order._id, hours);
      return order;
    },
  };
  beforeAll(async () => {
    fixture.buyer = await signUp(env.app);
    fixture.admin = await signUp(env.app, { email: adminEmail });
    fixture.toolId = (await insertTool(env.db, { minimum: 10, available: 100_000 })).id;
  });
  return fixture;
}

const confirmCard = (env: TestEnv, clientSecret: string) =>
  call(env.app, "POST", "/api/payments/simulated/confirm", undefined, { ...testCard, clientSecret });

describeEachDatabase(
  "releasing unpaid orders after UNPAID_ORDER_HOURS (48)",
  (env) => {
    const shop = shopFixture(env);

    it("cancels only pending orders older than the limit, records why, and gives their stock back", async () => {
      const old = await shop.staleOrder(10);
      const paid = await placeOrder(env.app, shop.buyer, shop.toolId, 20);
      await payOrder(env.app, shop.buyer, paid._id);
      await backdateOrder(env.db, paid._id, 100);
      const shipped = await placeOrder(env.app, shop.buyer, shop.toolId, 30);
      await payOrder(env.app, shop.buyer, shipped._id);
      expect((await call(env.app, "PUT", `/api/allOrder/${shipped._id}`, shop.admin)).statusCode).toBe(200);
      await backdateOrder(env.db, shipped._id, 100);
      const newer = await shop.staleOrder(40, 47);
      const before = await shop.stock();

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);

      expect(await shop.stock()).toBe(before + 10);
      expect((await getOrder(env.app, shop.buyer, old._id)).status).toBe("cancelled");
      expect((await getOrder(env.app, shop.buyer, paid._id)).status).toBe("paid");
      expect((await getOrder(env.app, shop.buyer, shipped._id)).status).toBe("shipped");
      expect((await getOrder(env.app, shop.buyer, newer._id)).status).toBe("pending");
      expect((await shop.eventsOf(old._id)).at(-1)).toMatchObject({
        fromStatus: "pending",
        toStatus: "cancelled",
        actorUserId: null,
        note: "Not paid within 48 hours; 10 pieces back in stock",
      });

      // Two hours later the 47-hour-old one is past its time too.
      expect(await env.app.expireUnpaidOrders(new Date(Date.now() + 2 * hour))).toBe(1);
      expect((await getOrder(env.app, shop.buyer, newer._id)).status).toBe("cancelled");
      expect(await shop.stock()).toBe(before + 50);
      expect(await env.app.expireUnpaidOrders(new Date(Date.now() + 2 * hour))).toBe(0);
    });

    it("tells the buyer when an unpaid order is released, and why a cancelled one was", async () => {
      const fresh = await placeOrder(env.app, shop.buyer, shop.toolId, 10);
      expect(fresh.expiresAt).toBe(new Date(Date.parse(fresh.createdAt) + 48 * hour).toISOString());
      expect(fresh.cancelReason).toBeNull();

      const stale = await shop.staleOrder();
      const removed = await placeOrder(env.app, shop.buyer, shop.toolId, 10);
      expect((await call(env.app, "DELETE", `/api/allOrder/${removed._id}`, shop.admin)).statusCode).toBe(
        200,
      );
      await env.app.expireUnpaidOrders(new Date());

      const mine = (await call(env.app, "GET", "/api/order?status=cancelled&limit=100", shop.buyer)).json<
        Order[]
      >();
      expect(mine.find((o) => o._id === stale._id)).toMatchObject({
        expiresAt: null,
        cancelReason: "Not paid within 48 hours",
      });
      expect(mine.find((o) => o._id === removed._id)).toMatchObject({
        expiresAt: null,
        cancelReason: "Removed by an admin",
      });
      const all = (await call(env.app, "GET", "/api/allOrder?limit=100", shop.admin)).json<Order[]>();
      expect(all.find((o) => o._id === stale._id)?.cancelReason).toBe("Not paid within 48 hours");
      const paid = await payOrder(env.app, shop.buyer, fresh._id);
      expect(paid).toMatchObject({ expiresAt: null, cancelReason: null });
    });

    it("gives the stock back once when two servers sweep at the same time", async () => {
      const stale = [];
      for (let i = 0; i < 5; i++) stale.push(await shop.staleOrder(10));
      const before = await shop.stock();

      const counts = await Promise.all([
        env.app.expireUnpaidOrders(new Date()),
        env.app.expireUnpaidOrders(new Date()),
      ]);

      expect(counts[0] + counts[1]).toBe(5);
      expect(await shop.stock()).toBe(before + 50);
      for (const order of stale) {
        const cancels = (await shop.eventsOf(order._id)).filter((e) => e.toStatus === "cancelled");
        expect(cancels).toHaveLength(1);
      }
    });

    it("cancels an open payment at the gateway first, so the card can no longer be charged", async () => {
      const order = await shop.staleOrder();
      const intent = await startPayment(env.app, shop.buyer, order._id);

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(1);

      const late = await confirmCard(env, intent.clientSecret);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: "This payment was canceled" });
      expect((await getOrder(env.app, shop.buyer, order._id)).status).toBe("cancelled");
    });

    it("does the same when an admin removes an order whose buyer is on the payment page", async () => {
      const order = await placeOrder(env.app, shop.buyer, shop.toolId, 10);
      const intent = await startPayment(env.app, shop.buyer, order._id);
      const before = await shop.stock();

      expect((await call(env.app, "DELETE", `/api/allOrder/${order._id}`, shop.admin)).statusCode).toBe(200);

      expect((await confirmCard(env, intent.clientSecret)).json()).toEqual({
        error: "This payment was canceled",
      });
      expect(await shop.stock()).toBe(before + 10);
    });

    it("keeps an order whose card was charged before the sweep: it becomes paid and its stock stays taken", async () => {
      const order = await shop.staleOrder();
      const intent = await startPayment(env.app, shop.buyer, order._id);
      // Charged, but the browser closed before telling the shop (no PATCH).
      expect((await confirmCard(env, intent.clientSecret)).statusCode).toBe(200);
      const before = await shop.stock();

      expect(await env.app.expireUnpaidOrders(new Date())).toBe(0);

      expect(await getOrder(env.app, shop.buyer, order._id)).toMatchObject({
        status: "paid",
        paid: true,
        transactionId: intent.paymentIntentId,
        expiresAt: null,
      });
      expect(await shop.stock()).toBe(before);
      const events = await shop.eventsOf(order._id);
      expect(events.map((e) => e.toStatus)).toEqual(["pending", "paid"]);
    });

    it("refuses an admin's removal when the card was charged meanwhile, and records the payment", async () => {
      const order = await placeOrder(env.app, shop.buyer, shop.toolId, 10);
      const intent = await startPayment(env.app, shop.buyer, order._id);
      expect((await confirmCard(env, intent.clientSecret)).statusCode).toBe(200);
      const before = await shop.stock();

      const res = await call(env.app, "DELETE", `/api/allOrder/${order._id}`, shop.admin);

      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: "The buyer's card payment had already gone through: the order is paid and stays",
      });
      expect(await getOrder(env.app, shop.buyer, order._id)).toMatchObject({
        status: "paid",
        transactionId: intent.paymentIntentId,
      });
      expect(await shop.stock()).toBe(before);
    });

    it("leaves no payable payment behind when the buyer starts paying while the sweep runs", async () => {
      const stale = [];
      for (let i = 0; i < 4; i++) stale.push(await shop.staleOrder());
      const before = await shop.stock();

      const [, ...starts] = await Promise.all([
        env.app.expireUnpaidOrders(new Date()),
        ...stale.map((o) =>
          call(env.app, "POST", "/api/create-payment-intent", shop.buyer, { orderId: o._id }),
        ),
      ]);

      for (const [i, start] of starts.entries()) {
        expect((await getOrder(env.app, shop.buyer, stale[i]?._id ?? "")).status).toBe("cancelled");
        if (start.statusCode === 200) {
          const late = await confirmCard(env, start.json().clientSecret);
          expect(late.statusCode, "a cancelled order's payment was still payable").toBe(409);
        } else {
          expect(start.json()).toEqual({ error: "This order was cancelled and cannot be paid" });
        }
      }
      expect(await shop.stock()).toBe(before + 40);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describeEachDatabase(
  "UNPAID_ORDER_HOURS=0: unpaid orders are never released",
  (env) => {
    const shop = shopFixture(env);

    it("leaves a year-old unpaid order pending, with no release time", async () => {
      const order = await shop.staleOrder(10, 24 * 365);
      const before = await shop.stock();
      expect(await env.app.expireUnpaidOrders(new Date())).toBe(0);
      expect(await getOrder(env.app, shop.buyer, order._id)).toMatchObject({
        status: "pending",
        expiresAt: null,
      });
      expect(await shop.stock()).toBe(before);
    });
  },
  { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "0" },
);

describeEachDatabase(
  "the server sweeps unpaid orders once it listens",
  (env) => {
    const shop = shopFixture(env);

    it("releases an order past its time at start-up, and stops with the server", async () => {
      const order = await shop.staleOrder(10, 2);
      const before = await shop.stock();
      await env.app.listen({ port: 0, host: "127.0.0.1" });
      await vi.waitFor(async () => {
        expect((await getOrder(env.app, shop.buyer, order._id)).status).toBe("cancelled");
      });
      expect(await shop.stock()).toBe(before + 10);
      expect((await shop.eventsOf(order._id)).at(-1)?.note).toBe(
        "Not paid within 1 hour; 10 pieces back in stock",
      );
    });
  },
  { ADMIN_EMAILS: adminEmail, UNPAID_ORDER_HOURS: "1" },
);

describe("UNPAID_ORDER_HOURS in the configuration", () => {
  it("is 48 hours unless set; 0 turns the expiry off", () => {
    expect(loadConfig({}).unpaidOrderHours).toBe(48);
    expect(loadConfig({ UNPAID_ORDER_HOURS: "" }).unpaidOrderHours).toBe(48);
    expect(loadConfig({ UNPAID_ORDER_HOURS: " 12 " }).unpaidOrderHours).toBe(12);
    expect(loadConfig({ UNPAID_ORDER_HOURS: "0" }).unpaidOrderHours).toBe(0);
  });

  it.each(["-1", "1.5", "two days", "8761"])("refuses %j at start-up, naming the variable", (value) => {
    expect(() => loadConfig({ UNPAID_ORDER_HOURS: value })).toThrow(
      /^Invalid configuration: UNPAID_ORDER_HOURS: /,
    );
  });
});
