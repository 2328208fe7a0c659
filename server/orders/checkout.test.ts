import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { CheckoutRefusal } from "../../contract/checkout";
import { orderNowMessage } from "../../contract/lot-rules";
import type { PlaceOrderResponse } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import { cartLines } from "../cart/tables";
import { stockMovements, tools } from "../catalog/tables";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { emptyCart, shortStock, totalChanged } from "./checkout";
import { daysFromNow } from "./order-test-helpers";
import { orderLines, orders } from "./tables";

describeEachDatabase(
  "checking out the cart: POST /api/checkout",
  (env) => {
    const people = usersAndAdmin(env);

    const stockOf = async (toolId: string) =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]
        ?.available;
    const put = async (who: TestUser, toolId: string, quantity: number) => {
      const res = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    const body = (confirmedTotal: number, extra: Record<string, unknown> = {}) => ({
      orderPhone: "+1 (555) 010-0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: daysFromNow(10),
      confirmedTotal,
      ...extra,
    });
    const checkout = (who: TestUser, confirmedTotal: number, headers?: Record<string, string>) =>
      call(env.app, "POST", "/api/checkout", who, body(confirmedTotal), headers ? { headers } : {});
    const ordersOf = async (who: TestUser) =>
      env.db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(env.db, who.email)));
    const cartRows = async (who: TestUser) =>
      env.db
        .select()
        .from(cartLines)
        .where(eq(cartLines.userId, await userIdOf(env.db, who.email)));

    /** Three tools on sale, each with room for its line: $6.40 × 500, $40.00 × 20, $1.25 × 1000. */
    async function threeTools() {
      const plugs = await insertTool(env.db, {
        name: "Spark plugs",
        sku: `CO-SP-${crypto.randomUUID()}`,
        priceCents: 640,
        minimum: 100,
        available: 2000,
      });
      const discs = await insertTool(env.db, {
        name: "Brake discs",
        priceCents: 40_00,
        minimum: 10,
        available: 800,
        leadTimeDays: 5,
      });
      const filters = await insertTool(env.db, {
        name: "Oil filters",
        priceCents: 125,
        minimum: 100,
        increment: 100,
        available: 3000,
      });
      return { plugs, discs, filters };
    }

    it("refuses an anonymous checkout with 401 and an empty cart with 400", async () => {
      const anonymous = await call(env.app, "POST", "/api/checkout", undefined, body(1));
      expect(anonymous.statusCode).toBe(401);
      const me = await signUp(env.app);
      const res = await checkout(me, 0);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: emptyCart });
    });

    it("turns a cart of three lines into ONE order: its lines, the stock and a movement per line, the total, the cart emptied", async () => {
      const me = await signUp(env.app, { name: "Three Lines Garage" });
      const { plugs, discs, filters } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      const cart = await put(me, filters.id, 1000);
      expect(cart.total).toBe(3200 + 800 + 1250);

      const res = await checkout(me, 5250);
      expect(res.statusCode, res.body).toBe(201);
      const { insertedId, order } = res.json<PlaceOrderResponse>();
      expect(order).toMatchObject({
        _id: insertedId,
        orderName: "Three Lines Garage",
        // The spec's single-product fields describe the first line.
        orderId: plugs.id,
        orderProduct: "Spark plugs",
        orderPrice: 6.4,
        orderMinimum: 500,
        total: 5250,
        status: "pending",
        lines: [
          {
            toolId: plugs.id,
            sku: plugs.sku,
            name: "Spark plugs",
            quantity: 500,
            unitPrice: 6.4,
            lineTotal: 3200,
          },
          { toolId: discs.id, sku: null, name: "Brake discs", quantity: 20, unitPrice: 40, lineTotal: 800 },
          {
            toolId: filters.id,
            sku: null,
            name: "Oil filters",
            quantity: 1000,
            unitPrice: 1.25,
            lineTotal: 1250,
          },
        ],
      });
      expect(await stockOf(plugs.id)).toBe(1500);
      expect(await stockOf(discs.id)).toBe(780);
      expect(await stockOf(filters.id)).toBe(2000);
      const movements = await env.db
        .select({
          toolId: stockMovements.toolId,
          change: stockMovements.change,
          reason: stockMovements.reason,
        })
        .from(stockMovements)
        .where(eq(stockMovements.orderId, insertedId));
      expect(movements).toHaveLength(3);
      expect(movements).toEqual(
        expect.arrayContaining([
          { toolId: plugs.id, change: -500, reason: "order" },
          { toolId: discs.id, change: -20, reason: "order" },
          { toolId: filters.id, change: -1000, reason: "order" },
        ]),
      );
      const [row] = await env.db.select().from(orders).where(eq(orders.id, insertedId));
      expect(row?.totalCents).toBe(5250_00);
      expect(await env.db.select().from(orderLines).where(eq(orderLines.orderId, insertedId))).toHaveLength(
        3,
      );
      expect(await cartRows(me)).toEqual([]);

      // The same order read back, and in the buyer's list.
      const one = await call(env.app, "GET", `/api/order/${insertedId}`, me);
      expect(one.json()).toEqual(order);
      const mine = await call(env.app, "GET", "/api/order", me);
      expect(mine.json()).toEqual([order]);

      // One payment for the whole order: its total, in cents.
      const intent = await call(env.app, "POST", "/api/create-payment-intent", me, { orderId: insertedId });
      expect(intent.statusCode, intent.body).toBe(200);
      expect(intent.json<PaymentIntentResponse>().amount).toBe(5250_00);
    });

    it("reserves all or none: one short line is a 409 naming it with its stock, nothing taken, the cart kept", async () => {
      const me = await signUp(env.app);
      const { plugs, discs, filters } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      await put(me, filters.id, 1000);
      // Stock sold elsewhere since: the filters line cannot be reserved any more.
      await env.db.update(tools).set({ available: 700 }).where(eq(tools.id, filters.id));

      const res = await checkout(me, 5250);
      expect(res.statusCode, res.body).toBe(409);
      const refusal = res.json<CheckoutRefusal>();
      expect(refusal.error).toBe(shortStock);
      expect(refusal.shortLines).toEqual([
        {
          toolId: filters.id,
          sku: null,
          name: "Oil filters",
          quantity: 1000,
          available: 700,
          error: "Only 700 pieces left",
        },
      ]);
      expect(await stockOf(plugs.id)).toBe(2000);
      expect(await stockOf(discs.id)).toBe(800);
      expect(await stockOf(filters.id)).toBe(700);
      expect(await ordersOf(me)).toEqual([]);
      expect(await cartRows(me)).toHaveLength(3);
      const moved = await env.db
        .select()
        .from(stockMovements)
        .where(
          and(
            inArray(stockMovements.toolId, [plugs.id, discs.id, filters.id]),
            eq(stockMovements.reason, "order"),
          ),
        );
      expect(moved).toEqual([]);
    });

    it("names each short line, the Order Now rule included", async () => {
      const me = await signUp(env.app);
      const { plugs, discs, filters } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      await put(me, filters.id, 1000);
      await env.db.update(tools).set({ available: 400 }).where(eq(tools.id, discs.id));
      await env.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, plugs.id));
      const res = await checkout(me, 5250);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<CheckoutRefusal>().shortLines).toEqual([
        expect.objectContaining({ toolId: plugs.id, error: "This tool is no longer sold" }),
        expect.objectContaining({ toolId: discs.id, available: 400, error: orderNowMessage }),
      ]);
      expect(await stockOf(filters.id)).toBe(3000);
    });

    it("refuses a total the buyer did not confirm with 409 and today's cart, ordering nothing", async () => {
      const me = await signUp(env.app);
      const { plugs, discs } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      const res = await checkout(me, 3999.99);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: totalChanged, cart: expect.objectContaining({ total: 4000 }) });
      expect(await ordersOf(me)).toEqual([]);
      expect(await stockOf(plugs.id)).toBe(2000);
      expect(await cartRows(me)).toHaveLength(2);
    });

    it("checks the needed-by date against the line with the longest lead time", async () => {
      const me = await signUp(env.app);
      const { plugs, discs } = await threeTools();
      await env.db.update(tools).set({ leadTimeDays: 30 }).where(eq(tools.id, discs.id));
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      const res = await call(
        env.app,
        "POST",
        "/api/checkout",
        me,
        body(4000, { orderDate: daysFromNow(10) }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(/^The earliest this tool can arrive is /);
      expect(await ordersOf(me)).toEqual([]);
    });

    it("places one order for a double submit with one Idempotency-Key", async () => {
      const me = await signUp(env.app);
      const { plugs, discs } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      const headers = { "idempotency-key": crypto.randomUUID() };
      const [a, b] = await Promise.all([checkout(me, 4000, headers), checkout(me, 4000, headers)]);
      const statuses = [a.statusCode, b.statusCode].sort();
      // The second either waits for and replays the first answer, or is told the first is in progress.
      expect(statuses[0]).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      const again = await checkout(me, 4000, headers);
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      const created = [a, b].find((r) => r.statusCode === 201)?.json<PlaceOrderResponse>();
      expect(again.json<PlaceOrderResponse>().insertedId).toBe(created?.insertedId);
      expect(again.json<PlaceOrderResponse>().order.lines).toHaveLength(2);
      expect(await ordersOf(me)).toHaveLength(1);
      expect(await stockOf(plugs.id)).toBe(1500);
    });

    it("lets 20 buyers race for one tool's stock: as many orders as the stock and the 500 rule allow, never below 0", async () => {
      const tool = await insertTool(env.db, {
        name: "Hot item",
        priceCents: 100,
        minimum: 100,
        available: 1500,
      });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(env.app)));
      for (const b of buyers) await put(b, tool.id, 100);
      const answers = await Promise.all(buyers.map((b) => checkout(b, 100)));
      const placed = answers.filter((r) => r.statusCode === 201);
      const refused = answers.filter((r) => r.statusCode === 409);
      // 1500, 1400, … 500: each takes 100 while at least 500 are in stock.
      expect(placed).toHaveLength(11);
      expect(refused).toHaveLength(9);
      for (const r of refused) {
        expect(r.json<CheckoutRefusal>().shortLines).toEqual([
          expect.objectContaining({ toolId: tool.id, available: 400, quantity: 100 }),
        ]);
      }
      expect(await stockOf(tool.id)).toBe(400);
      const lines = await env.db.select().from(orderLines).where(eq(orderLines.toolId, tool.id));
      expect(lines).toHaveLength(11);
    });

    it("gives back every line's stock when the order is cancelled, a movement per line", async () => {
      const me = await signUp(env.app);
      const { plugs, discs, filters } = await threeTools();
      await put(me, plugs.id, 500);
      await put(me, discs.id, 20);
      await put(me, filters.id, 1000);
      const placed = await checkout(me, 5250);
      expect(placed.statusCode, placed.body).toBe(201);
      const { insertedId } = placed.json<PlaceOrderResponse>();
      const removed = await call(env.app, "DELETE", `/api/allOrder/${insertedId}`, people.admin);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await stockOf(plugs.id)).toBe(2000);
      expect(await stockOf(discs.id)).toBe(800);
      expect(await stockOf(filters.id)).toBe(3000);
      const released = await env.db
        .select({ toolId: stockMovements.toolId, change: stockMovements.change })
        .from(stockMovements)
        .where(and(eq(stockMovements.orderId, insertedId), eq(stockMovements.reason, "release")));
      expect(released).toEqual(
        expect.arrayContaining([
          { toolId: plugs.id, change: 500 },
          { toolId: discs.id, change: 20 },
          { toolId: filters.id, change: 1000 },
        ]),
      );
      expect(released).toHaveLength(3);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
