import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { ReorderAnswer } from "../../contract/checkout";
import { tools } from "../catalog/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { daysFromNow, insertOrderOfLines, placeOrder } from "./order-test-helpers";

describeEachDatabase("POST /api/order/{id}/reorder: order again", (env) => {
  let buyer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app);
    stranger = await signUp(env.app);
  });

  const reorder = (who: TestUser | undefined, orderId: string) =>
    call(env.app, "POST", `/api/order/${orderId}/reorder`, who);
  const change = (toolId: string, fields: Partial<typeof tools.$inferInsert>) =>
    env.db.update(tools).set(fields).where(eq(tools.id, toolId));

  it("puts the order's lines back in the cart at today's prices, rules and stock, and says what changed", async () => {
    const plugs = await insertTool(env.db, {
      name: "Spark plugs",
      sku: "RE-SP-1",
      priceCents: 90,
      minimum: 100,
      increment: 50,
      available: 5000,
    });
    const discs = await insertTool(env.db, {
      name: "Brake discs",
      sku: "RE-BD-1",
      priceCents: 12_50,
      minimum: 10,
      available: 2000,
    });
    const filters = await insertTool(env.db, { name: "Oil filters", sku: "RE-OF-1", available: 1000 });
    const belts = await insertTool(env.db, { name: "Timing belts", sku: "RE-TB-1", available: 1000 });
    const order = await insertOrderOfLines(env.app, buyer, [
      [plugs, 250],
      [discs, 20],
      [filters, 30],
      [belts, 10],
    ]);
    expect(order.lines).toHaveLength(4);

    // Since then: plugs come in steps of 100, discs cost more, filters sold out, belts taken off the shop.
    await change(plugs.id, { increment: 100 });
    await change(discs.id, { priceCents: 13_90 });
    await change(filters.id, { available: 0 });
    await change(belts.id, { archivedAt: new Date() });
    // Discs already in the cart: the order's quantity is added to it.
    expect(
      (await call(env.app, "PUT", `/api/cart/lines/${discs.id}`, buyer, { quantity: 30 })).statusCode,
    ).toBe(200);

    const res = await reorder(buyer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ReorderAnswer>();
    expect(answer.changes).toEqual([
      {
        toolId: plugs.id,
        sku: "RE-SP-1",
        name: "Spark plugs",
        change: "Quantity changed from 250 to 300 (Order in steps of 100)",
      },
      {
        toolId: discs.id,
        sku: "RE-BD-1",
        name: "Brake discs",
        change: "Price changed from $12.50 to $13.90",
      },
      { toolId: filters.id, sku: "RE-OF-1", name: "Oil filters", change: "Sold out: not added" },
      {
        toolId: belts.id,
        sku: "RE-TB-1",
        name: "Timing belts",
        change: "This tool is no longer sold: not added",
      },
    ]);
    expect(answer.cart.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.problem])).toEqual([
      ["Brake discs", 50, 13.9, null],
      ["Spark plugs", 300, 0.9, null],
    ]);
    expect(answer.cart.total).toBe(695 + 270);
    // The answer is the cart as GET /api/cart reads it.
    expect((await call(env.app, "GET", "/api/cart", buyer)).json()).toEqual(answer.cart);
  });

  it("caps a line at what the rules allow now, with the cart's quantity counted", async () => {
    const capped = await insertTool(env.db, {
      name: "Wiper blades",
      minimum: 10,
      maximum: 100,
      available: 2000,
    });
    const order = await placeOrder(env.app, buyer, capped.id, 80);
    await call(env.app, "DELETE", "/api/cart", buyer);
    expect(
      (await call(env.app, "PUT", `/api/cart/lines/${capped.id}`, buyer, { quantity: 50 })).statusCode,
    ).toBe(200);
    const res = await reorder(buyer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ReorderAnswer>();
    expect(answer.changes.map((c) => c.change)).toEqual([
      "Quantity changed from 130 to 100 (Order at most 100 pieces)",
    ]);
    expect(answer.cart.lines.map((l) => [l.toolId, l.quantity])).toEqual([[capped.id, 100]]);
  });

  it("orders a one-tool order again as it was when nothing changed", async () => {
    const tool = await insertTool(env.db, { priceCents: 4_20, minimum: 10, available: 3000 });
    const order = await placeOrder(env.app, buyer, tool.id, 40);
    await call(env.app, "DELETE", "/api/cart", buyer);
    const res = await reorder(buyer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReorderAnswer>()).toMatchObject({
      changes: [],
      cart: { lines: [{ toolId: tool.id, quantity: 40, unitPrice: 4.2, problem: null }], total: 168 },
    });
  });

  it("fills the cart again from an order its checkout emptied it into", async () => {
    const pads = await insertTool(env.db, {
      name: "Brake pads",
      priceCents: 3_10,
      minimum: 20,
      available: 4000,
    });
    const bulbs = await insertTool(env.db, { name: "Bulbs", priceCents: 55, minimum: 50, available: 4000 });
    await call(env.app, "DELETE", "/api/cart", buyer);
    await call(env.app, "PUT", `/api/cart/lines/${pads.id}`, buyer, { quantity: 40 });
    const cart = await call(env.app, "PUT", `/api/cart/lines/${bulbs.id}`, buyer, { quantity: 100 });
    const placed = await call(env.app, "POST", "/api/checkout", buyer, {
      orderPhone: "+1 (555) 010-0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: daysFromNow(10),
      confirmedTotal: cart.json().total,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await call(env.app, "GET", "/api/cart", buyer)).json().lines).toEqual([]);

    const res = await reorder(buyer, placed.json().insertedId);
    expect(res.statusCode, res.body).toBe(200);
    // The same cart as before the checkout, its stock now less what the order took.
    const before = cart.json<Cart>();
    const taken = new Map([
      [pads.id, 40],
      [bulbs.id, 100],
    ]);
    expect(res.json<ReorderAnswer>()).toEqual({
      changes: [],
      cart: {
        ...before,
        lines: before.lines.map((l) => ({ ...l, available: l.available - (taken.get(l.toolId) ?? 0) })),
      },
    });
  });

  describe("who may", () => {
    it("answers 404 for someone else's order, as for an unknown one, and leaves both carts alone", async () => {
      const tool = await insertTool(env.db, { minimum: 10, available: 3000 });
      const order = await placeOrder(env.app, buyer, tool.id, 10);
      await call(env.app, "DELETE", "/api/cart", stranger);
      for (const id of [order._id, "00000000-0000-4000-8000-000000000000"]) {
        const res = await reorder(stranger, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: "No order with that id" });
      }
      expect((await call(env.app, "GET", "/api/cart", stranger)).json()).toEqual({ lines: [], total: 0 });
    });

    it("refuses an anonymous caller with 401 and an id that is not one with 400", async () => {
      const anonymous = await reorder(undefined, "00000000-0000-4000-8000-000000000000");
      expect(anonymous.statusCode).toBe(401);
      const bad = await reorder(buyer, "not-an-id");
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "That is not a valid order id" });
    });
  });
});
