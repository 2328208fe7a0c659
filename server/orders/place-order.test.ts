import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import type { PlaceOrderResponse } from "../../contract/orders";
import { tools } from "../catalog/tables";
import { insertTool } from "../test/factories";
import { queriesDuring } from "../test/queries";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { daysFromNow, orderBody } from "./order-test-helpers";
import { orderEvents, orders } from "./tables";

describeEachDatabase("placing an order: POST /api/order", (env) => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app, { name: "Amina Workshop" });
  });

  const stockOf = async (toolId: string) =>
    (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId)))[0]
      ?.available;

  it("refuses an anonymous order with 401", async () => {
    const tool = await insertTool(env.db);
    const res = await call(env.app, "POST", "/api/order", undefined, orderBody(tool.id, 10));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Please sign in first" });
  });

  it("stores name and email from the session and product and price from the tool, ignoring the client's", async () => {
    const tool = await insertTool(env.db, {
      name: "Torque Wrench",
      priceCents: 89_50,
      minimum: 500,
      available: 1800,
    });
    const res = await call(
      env.app,
      "POST",
      "/api/order",
      buyer,
      orderBody(tool.id, 600, {
        orderName: "Someone Else",
        orderEmail: "victim@example.com",
        orderProduct: "Gold bar",
        orderPrice: 0.01,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId, order } = res.json<PlaceOrderResponse>();
    expect(order).toEqual({
      _id: insertedId,
      orderNumber: expect.stringMatching(/^CM-\d{5,}$/),
      orderId: tool.id,
      orderName: "Amina Workshop",
      orderEmail: buyer.email,
      orderPhone: "+1 (555) 010-0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: daysFromNow(7),
      orderProduct: "Torque Wrench",
      orderPrice: 89.5,
      orderMinimum: 600,
      total: 53_700,
      // No rate is set for the shop's own country (US, by default): no tax (issue 28).
      subtotal: 53_700,
      tax: 0,
      taxes: [{ label: "No tax", rate: 0, net: 53_700, tax: 0 }],
      country: "US",
      region: "",
      taxExemptReason: null,
      invoiceNumber: null,
      creditNoteNumber: null,
      // One line, the single-product fields above (issue 25).
      lines: [
        {
          toolId: tool.id,
          sku: null,
          name: "Torque Wrench",
          quantity: 600,
          unitPrice: 89.5,
          lineTotal: 53_700,
          taxRate: 0,
          taxLabel: "No tax",
          tax: 0,
        },
      ],
      paid: false,
      transactionId: null,
      paymentMethod: "card",
      poNumber: null,
      companyId: null,
      shippedOn: null,
      dueOn: null,
      status: "pending",
      createdAt: expect.any(String),
      // Released if still unpaid after UNPAID_ORDER_HOURS (48 by default).
      expiresAt: new Date(Date.parse(order.createdAt) + 48 * 3_600_000).toISOString(),
      cancelReason: null,
    });
    const [row] = await env.db.select().from(orders).where(eq(orders.id, insertedId));
    expect(row).toMatchObject({
      name: "Amina Workshop",
      email: buyer.email,
      unitPriceCents: 89_50,
      quantity: 600,
      totalCents: 53_700_00,
    });
    expect(await stockOf(tool.id)).toBe(1200);
    const events = await env.db.select().from(orderEvents).where(eq(orderEvents.orderId, insertedId));
    expect(events).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "pending", actorUserId: row?.userId }),
    ]);
  });

  it("answers with the line it inserted, not read back: the same as the order read later", async () => {
    const sku = `SP-${crypto.randomUUID().slice(0, 8)}`;
    const tool = await insertTool(env.db, { name: "Spark Plug", sku, priceCents: 6_40, minimum: 10 });
    let placed: PlaceOrderResponse | undefined;
    const sent = await queriesDuring(env.db, async () => {
      const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 30));
      expect(res.statusCode, res.body).toBe(201);
      placed = res.json<PlaceOrderResponse>();
    });
    expect(sent.filter((text) => /from "order_lines"/i.test(text))).toEqual([]);
    expect(placed?.order.lines).toEqual([
      {
        toolId: tool.id,
        sku,
        name: "Spark Plug",
        quantity: 30,
        unitPrice: 6.4,
        lineTotal: 192,
        taxRate: 0,
        taxLabel: "No tax",
        tax: 0,
      },
    ]);
    const read = await call(env.app, "GET", `/api/order/${placed?.insertedId}`, buyer);
    expect(read.json()).toEqual(placed?.order);
  });

  it("shows the reserved stock on the (cached) tool list at once", async () => {
    const tool = await insertTool(env.db, { minimum: 10, available: 1000 });
    const list = async () =>
      (await env.app.inject({ method: "GET", url: "/api/service?limit=100" }))
        .json<Tool[]>()
        .find((t) => t._id === tool.id)?.available;
    expect(await list()).toBe(1000);
    await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 30));
    expect(await list()).toBe(970);
  });

  // Brake discs: from 500, at most 3,000, in steps of 100; 1,200 in stock.
  it.each([
    ["below the minimum", 400, 400, "Order at least 500 pieces"],
    ["zero", 0, 400, "Order at least 500 pieces"],
    ["negative", -500, 400, "Order at least 500 pieces"],
    ["more than the stock", 1300, 409, "Only 1,200 pieces left"],
    ["huge (1e12)", 1e12, 400, "Order at most 3,000 pieces"],
    ["not a multiple of the increment", 550, 400, "Order in steps of 100"],
    ["fractional", 500.5, 400, "Order a whole number of pieces"],
    ["a string", "500", 400, "Enter the quantity as a number of pieces"],
    ["missing", undefined, 400, "Enter how many pieces you need"],
  ])("refuses a quantity %s (%s) with %i and leaves the stock alone", async (_, quantity, status, error) => {
    const tool = await insertTool(env.db, { minimum: 500, maximum: 3000, increment: 100, available: 1200 });
    const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, quantity as number));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    expect(await stockOf(tool.id)).toBe(1200);
    expect(await env.db.$count(orders, eq(orders.toolId, tool.id))).toBe(0);
  });

  it("refuses a huge quantity on a tool without a maximum as more than the stock", async () => {
    const tool = await insertTool(env.db, { minimum: 10, available: 1200 });
    for (const quantity of [1e12, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, quantity));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Only 1,200 pieces left" });
    }
    expect(await stockOf(tool.id)).toBe(1200);
  });

  it("refuses more than the maximum even with stock to spare", async () => {
    const tool = await insertTool(env.db, { minimum: 500, maximum: 3000, increment: 100, available: 5200 });
    const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 3100));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Order at most 3,000 pieces" });
    expect(await stockOf(tool.id)).toBe(5200);
  });

  it("takes the last pieces, then says what Order Now needs", async () => {
    const tool = await insertTool(env.db, { minimum: 10, available: 500 });
    expect((await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 500))).statusCode).toBe(201);
    const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 10));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Order Now needs available stock of at least 500." });
    expect(await stockOf(tool.id)).toBe(0);
  });

  it("answers 404 for an unknown or archived tool and 400 for a malformed id", async () => {
    const unknown = await call(
      env.app,
      "POST",
      "/api/order",
      buyer,
      orderBody("8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f", 10),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "No tool with that id" });

    const archived = await insertTool(env.db, { archivedAt: new Date() });
    const res = await call(env.app, "POST", "/api/order", buyer, orderBody(archived.id, 10));
    expect(res.statusCode).toBe(404);
    expect(await stockOf(archived.id)).toBe(archived.available);

    const malformed = await call(env.app, "POST", "/api/order", buyer, orderBody("42", 10));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "That is not a valid tool id" });
  });

  it.each([
    [{ orderPhone: undefined }, "Phone Number Required"],
    [{ orderAddress: "x" }, "Enter the full delivery address"],
    [{ orderDate: "2020-01-01" }, "Choose today or a later date"],
    [{ orderDate: "2031-02-30" }, "That date does not exist"],
  ])("refuses a body with %j: 400 %s", async (extra, error) => {
    const tool = await insertTool(env.db);
    const res = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 10, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("accepts today as the needed-by date of a tool that ships today", async () => {
    const tool = await insertTool(env.db, { leadTimeDays: 0 });
    const res = await call(
      env.app,
      "POST",
      "/api/order",
      buyer,
      orderBody(tool.id, 10, { orderDate: daysFromNow(0) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it("answers garbage bodies with a 4xx JSON error, never a 500", async () => {
    const tool = await insertTool(env.db);
    for (const payload of [
      "{",
      "[]",
      "null",
      '"text"',
      JSON.stringify({ ...orderBody(tool.id, 10), orderMinimum: {} }),
    ]) {
      const res = await env.app.inject({
        method: "POST",
        url: "/api/order",
        headers: {
          origin: "http://localhost:3000",
          cookie: buyer.cookie,
          "content-type": "application/json",
        },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json(), payload).toHaveProperty("error");
    }
  });

  it("never oversells: 200 concurrent orders on stock for 10 lots give 10 orders and 190 conflicts", async () => {
    const tool = await insertTool(env.db, { minimum: 500, increment: 500, available: 5000 });
    const buyers = await Promise.all([0, 1, 2, 3].map(() => signUp(env.app)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(env.app, "POST", "/api/order", buyers[i % buyers.length], orderBody(tool.id, 500)),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error).toMatch(
        /^(Only [\d,]+ pieces left|Order Now needs available stock of at least 500\.)$/,
      );
    }
    expect(await stockOf(tool.id)).toBe(0);
    const [sold] = await env.db
      .select({ n: sql<number>`count(*)::int`, pieces: sql<number>`sum(${orders.quantity})::int` })
      .from(orders)
      .where(and(eq(orders.toolId, tool.id), eq(orders.status, "pending")));
    expect(sold).toEqual({ n: 10, pieces: 5000 });
  });
});
