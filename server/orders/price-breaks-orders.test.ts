import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Cart } from "../../contract/cart";
import type { ReorderAnswer } from "../../contract/checkout";
import type { Order, PlaceOrderResponse } from "../../contract/orders";
import { noTax } from "../../contract/tax";
import { tools } from "../catalog/tables";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, lastMail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { lineProblems } from "./checkout";
import { daysFromNow, getOrder, orderBody, placeOrder, startPayment } from "./order-test-helpers";
import { orderLines, orders } from "./tables";
import { nextOrderNumber, placeOrderTakingStock } from "./take-stock";

// Volume price breaks charged (issue 26): every order, checkout and payment at the price a piece the
// quantity reaches, exactly quantity × that price in cents, kept on the order whatever changes later.

/** $6.50 a piece, 500+ $5.90, 2,000+ $5.40, 5,000+ $4.95; 100 to 10,000 in steps of 1. */
const plugBreaks = [
  { minQuantity: 500, priceCents: 590 },
  { minQuantity: 2000, priceCents: 540 },
  { minQuantity: 5000, priceCents: 495 },
];
const plugFields = {
  name: "Spark Plug",
  priceCents: 650,
  priceBreaks: plugBreaks,
  minimum: 100,
  increment: 1,
  maximum: 10_000,
  available: 2_000_000,
};

/** The price a piece the test expects for `quantity` of the plugs, in cents (written out, not computed). */
const expectedCents: [number, number][] = [
  [100, 650],
  [499, 650],
  [500, 590],
  [1999, 590],
  [2000, 540],
  [4999, 540],
  [5000, 495],
  [10_000, 495],
];

describeEachDatabase(
  "orders: volume price breaks charged exactly (issue 26)",
  (env) => {
    const people = usersAndAdmin(env);
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await signUp(env.app, { name: "Amina Workshop" });
    });
    const plugs = (fields: Record<string, unknown> = {}) =>
      insertTool(env.db, { ...plugFields, sku: `PB-${crypto.randomUUID()}`, ...fields });
    const setBreaks = async (toolId: string, priceBreaks: unknown) => {
      const res = await call(env.app, "PATCH", `/api/service/${toolId}`, people.admin, { priceBreaks });
      expect(res.statusCode, res.body).toBe(200);
    };
    const put = async (who: TestUser, toolId: string, quantity: number) => {
      const res = await call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    const checkout = (who: TestUser, confirmedTotal: number) =>
      call(env.app, "POST", "/api/checkout", who, {
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: daysFromNow(10),
        confirmedTotal,
      });

    it.each(expectedCents)(
      "an order of %i pieces is charged exactly quantity × %i cents: order, line, payment",
      async (quantity, cents) => {
        const tool = await plugs();
        const order = await placeOrder(env.app, buyer, tool.id, quantity);
        const totalCents = quantity * cents;
        expect(order).toMatchObject({
          orderPrice: cents / 100,
          orderMinimum: quantity,
          total: totalCents / 100,
          lines: [{ toolId: tool.id, quantity, unitPrice: cents / 100, lineTotal: totalCents / 100 }],
        });
        const [line] = await env.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
        expect(line).toMatchObject({ unitPriceCents: cents, quantity });
        const [row] = await env.db.select().from(orders).where(eq(orders.id, order._id));
        expect(row).toMatchObject({ unitPriceCents: cents, totalCents });
        expect((await startPayment(env.app, buyer, order._id)).amount).toBe(totalCents);
      },
    );

    it("places nothing and takes no stock when the tool's price or breaks changed since they were read", async () => {
      const tool = await plugs();
      const order = async (pricing: { priceCents: number; priceBreaks: typeof plugBreaks }) =>
        placeOrderTakingStock(env.db, {
          id: crypto.randomUUID(),
          number: await nextOrderNumber(env.db),
          createdAt: new Date(),
          unitPriceCents: 590,
          pricing,
          toolId: tool.id,
          userId: await userIdOf(env.db, buyer.email),
          name: buyer.name,
          email: buyer.email,
          phone: "+1 (555) 010-0100",
          address: "12 Garage Lane, Springfield",
          neededBy: daysFromNow(7),
          quantity: 500,
          paymentMethod: "card",
          companyId: null,
          poNumber: null,
          country: "US",
          region: "",
          tax: noTax,
          taxExemptReason: null,
          buyerTaxId: null,
        });
      const stale = [{ minQuantity: 500, priceCents: 600 }, ...plugBreaks.slice(1)];
      expect(await order({ priceCents: 650, priceBreaks: stale })).toBeUndefined();
      expect(await order({ priceCents: 640, priceBreaks: plugBreaks })).toBeUndefined();
      const [before] = await env.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(before?.available).toBe(plugFields.available);
      // Read back from the database (its own key order), the pricing still matches.
      const placed = await order({ priceCents: 650, priceBreaks: before?.priceBreaks ?? [] });
      expect(placed).toMatchObject({ unitPriceCents: 590, totalCents: 500 * 590 });
    });

    it("the confirmation and the orders CSV show the unit price charged", async () => {
      const tool = await plugs();
      const order = await placeOrder(env.app, buyer, tool.id, 1999);
      const mail = await lastMail(env.app, buyer.email, "order-placed");
      expect(mail.text).toContain("1,999 pieces × $5.90");
      expect(mail.text).toContain("$11,794.10");
      const csv = await call(env.app, "GET", "/api/export/orders.csv", people.admin);
      expect(csv.statusCode, csv.body).toBe(200);
      const [header = [], ...rows] = parse(csv.body) as string[][];
      const row = rows.find((r) => r[header.indexOf("order_id")] === order._id) ?? [];
      expect(row[header.indexOf("unit_price")]).toBe("5.90");
      expect(row[header.indexOf("total")]).toBe("11794.10");
    });

    it("a break changed after ordering leaves the order, its payment and My Orders at the price charged", async () => {
      const tool = await plugs();
      const order = await placeOrder(env.app, buyer, tool.id, 2000);
      await setBreaks(tool.id, [
        { minQuantity: 500, price: 5.5 },
        { minQuantity: 2000, price: 5 },
      ]);
      const after = await getOrder(env.app, buyer, order._id);
      expect(after).toMatchObject({
        orderPrice: 5.4,
        total: 10_800,
        lines: [{ unitPrice: 5.4, lineTotal: 10_800 }],
      });
      expect((await startPayment(env.app, buyer, order._id)).amount).toBe(2000 * 540);
      const mine = await call(env.app, "GET", "/api/order?limit=100", buyer);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json<Order[]>().find((o) => o._id === order._id)).toMatchObject({ orderPrice: 5.4 });
      // A new order of the same quantity is charged today's break.
      expect((await placeOrder(env.app, buyer, tool.id, 2000)).orderPrice).toBe(5);
    });

    it("the cart prices each line at its quantity's break; stepping across a break is not a price change, an admin's break change is", async () => {
      const me = await signUp(env.app);
      const tool = await plugs();
      let cart = await put(me, tool.id, 499);
      expect(cart.lines[0]).toMatchObject({
        unitPrice: 6.5,
        lineTotal: 3243.5,
        addedUnitPrice: 6.5,
        problem: null,
      });
      cart = await put(me, tool.id, 500);
      expect(cart.lines[0]).toMatchObject({
        unitPrice: 5.9,
        lineTotal: 2950,
        addedUnitPrice: 5.9,
        problem: null,
      });
      expect(cart.total).toBe(2950);

      // A break the line does not reach changes nothing; the line's own break does.
      await setBreaks(tool.id, [
        { minQuantity: 500, price: 5.9 },
        { minQuantity: 3000, price: 5.3 },
      ]);
      expect((await call(env.app, "GET", "/api/cart", me)).json<Cart>().lines[0]?.problem).toBeNull();
      await setBreaks(tool.id, [{ minQuantity: 500, price: 5.8 }]);
      cart = (await call(env.app, "GET", "/api/cart", me)).json<Cart>();
      expect(cart.lines[0]).toMatchObject({
        unitPrice: 5.8,
        addedUnitPrice: 5.9,
        problem: "The price changed from $5.90 to $5.80 a piece",
      });
      expect(cart.total).toBe(0);
      const refused = await checkout(me, 2900);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: lineProblems });
      // Setting the line again takes today's price.
      cart = await put(me, tool.id, 500);
      expect(cart.lines[0]).toMatchObject({ unitPrice: 5.8, addedUnitPrice: 5.8, problem: null });
    });

    it("a checkout of a cart across breaks charges each line its break: lines, total, payment", async () => {
      const me = await signUp(env.app);
      const a = await plugs();
      const b = await plugs();
      const c = await plugs();
      await put(me, a.id, 499);
      await put(me, b.id, 2000);
      const cart = await put(me, c.id, 10_000);
      const totalCents = 499 * 650 + 2000 * 540 + 10_000 * 495;
      expect(cart.lines.map((l) => l.unitPrice)).toEqual([6.5, 5.4, 4.95]);
      expect(cart.total).toBe(totalCents / 100);
      const res = await checkout(me, totalCents / 100);
      expect(res.statusCode, res.body).toBe(201);
      const { order } = res.json<PlaceOrderResponse>();
      expect(order.total).toBe(totalCents / 100);
      expect(order.lines.map((l) => [l.quantity, l.unitPrice, l.lineTotal])).toEqual([
        [499, 6.5, 3243.5],
        [2000, 5.4, 10_800],
        [10_000, 4.95, 49_500],
      ]);
      const stored = await env.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
      expect(stored.map((l) => l.unitPriceCents).sort()).toEqual([495, 540, 650]);
      expect((await startPayment(env.app, me, order._id)).amount).toBe(totalCents);
    });

    it("Order again says a price changed only when today's price for that quantity differs", async () => {
      const me = await signUp(env.app);
      const tool = await plugs();
      const order = await placeOrder(env.app, me, tool.id, 500);
      const reorder = () => call(env.app, "POST", `/api/order/${order._id}/reorder`, me);
      const same = await reorder();
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json<ReorderAnswer>().changes).toEqual([]);
      await call(env.app, "DELETE", "/api/cart", me);
      await setBreaks(tool.id, [{ minQuantity: 500, price: 5.75 }]);
      const changed = (await reorder()).json<ReorderAnswer>();
      expect(changed.changes).toEqual([
        expect.objectContaining({ toolId: tool.id, change: "Price changed from $5.90 to $5.75" }),
      ]);
      expect(changed.cart.lines[0]).toMatchObject({ quantity: 500, unitPrice: 5.75, problem: null });
    });

    // 200 orders placed in full, each with its confirmation rendered: a minute or more on a loaded machine.
    it("200 racing orders across breaks are each charged at their own quantity's price", async () => {
      const tool = await plugs();
      const buyers = await Promise.all([0, 1, 2, 3].map(() => signUp(env.app)));
      const quantities = Array.from(
        { length: 200 },
        (_, i) => expectedCents[i % expectedCents.length]?.[0] ?? 100,
      );
      const answers = await Promise.all(
        quantities.map((q, i) => call(env.app, "POST", "/api/order", buyers[i % 4], orderBody(tool.id, q))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(quantities.map(() => 201));
      const priceOf = new Map(expectedCents);
      for (const [i, res] of answers.entries()) {
        const { order } = res.json<PlaceOrderResponse>();
        const cents = priceOf.get(quantities[i] ?? 0) ?? 0;
        expect(order.orderMinimum).toBe(quantities[i]);
        expect(order.orderPrice).toBe(cents / 100);
        expect(Math.round(order.total * 100)).toBe((quantities[i] ?? 0) * cents);
      }
      const lines = await env.db.select().from(orderLines).where(eq(orderLines.toolId, tool.id));
      expect(lines).toHaveLength(200);
      for (const line of lines)
        expect(line.unitPriceCents, String(line.quantity)).toBe(priceOf.get(line.quantity));
      const sold = quantities.reduce((sum, q) => sum + q, 0);
      const [left] = await env.db
        .select({ available: tools.available })
        .from(tools)
        .where(eq(tools.id, tool.id));
      expect(left?.available).toBe(plugFields.available - sold);
    }, 180_000);
  },
  { ADMIN_EMAILS: adminEmail },
);
