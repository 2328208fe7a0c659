import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartAnswer } from "../../contract/answers";
import { type Cart, maxCartLines } from "../../contract/cart";
import { orderNowMessage } from "../../contract/lot-rules";
import { tools } from "../catalog/tables";
import { expectAnswer } from "../test/answers";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, sessionCookie, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { cartLines } from "./tables";

describeEachDatabase(
  "the cart: GET /api/cart, PUT and DELETE /api/cart/lines/{toolId}, DELETE /api/cart",
  (env) => {
    const people = usersAndAdmin(env);
    let buyer: TestUser;
    beforeAll(async () => {
      buyer = await signUp(env.app);
    });

    const put = (who: TestUser, toolId: string, quantity: unknown) =>
      call(env.app, "PUT", `/api/cart/lines/${toolId}`, who, { quantity });
    const cartOf = async (who: TestUser) => {
      const res = await call(env.app, "GET", "/api/cart", who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Cart>();
    };
    const change = (toolId: string, fields: Partial<typeof tools.$inferInsert>) =>
      env.db.update(tools).set(fields).where(eq(tools.id, toolId));

    it("refuses every cart route to an anonymous caller with 401", async () => {
      const tool = await insertTool(env.db);
      for (const [method, url, body] of [
        ["GET", "/api/cart", undefined],
        ["PUT", `/api/cart/lines/${tool.id}`, { quantity: 10 }],
        ["DELETE", `/api/cart/lines/${tool.id}`, undefined],
        ["DELETE", "/api/cart", undefined],
        ["POST", "/api/cart/quick-order", { text: "X 1" }],
      ] as const) {
        const res = await call(env.app, method, url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ error: "Please sign in first" });
      }
    });

    it("starts empty, adds lines priced by the server in the order they were added, and totals them in cents", async () => {
      const me = await signUp(env.app);
      expect(await cartOf(me)).toEqual({ lines: [], total: 0 });
      const plugs = await insertTool(env.db, {
        name: "Spark plugs",
        sku: "CART-SP-1",
        priceCents: 89_50,
        minimum: 500,
        maximum: 5000,
        increment: 50,
        available: 2000,
      });
      const discs = await insertTool(env.db, {
        name: "Brake discs",
        priceCents: 10,
        minimum: 10,
        available: 900,
      });
      expect((await put(me, discs.id, 30)).statusCode).toBe(200);
      const res = await put(me, plugs.id, 550);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        lines: [
          {
            toolId: discs.id,
            sku: "",
            name: "Brake discs",
            img: discs.img,
            quantity: 30,
            unitPrice: 0.1,
            lineTotal: 3,
            addedUnitPrice: 0.1,
            problem: null,
            minimum: 10,
            maximum: null,
            increment: 1,
            available: 900,
            leadTimeDays: discs.leadTimeDays,
          },
          {
            toolId: plugs.id,
            sku: "CART-SP-1",
            name: "Spark plugs",
            img: plugs.img,
            quantity: 550,
            unitPrice: 89.5,
            lineTotal: 49_225,
            addedUnitPrice: 89.5,
            problem: null,
            minimum: 500,
            maximum: 5000,
            increment: 50,
            available: 2000,
            leadTimeDays: plugs.leadTimeDays,
          },
        ],
        total: 49_228,
      });
      expectAnswer(cartAnswer, res.json());
      // Setting a line again changes its quantity and keeps its place.
      const again = await put(me, discs.id, 40);
      expect(again.json<Cart>().lines.map((l) => [l.name, l.quantity])).toEqual([
        ["Brake discs", 40],
        ["Spark plugs", 550],
      ]);
      expect(await cartOf(me)).toEqual(again.json());
    });

    describe("refuses a quantity the tool's lot rules do not allow, with the rule and the nearest valid quantity", () => {
      it.each([
        [
          "below the minimum",
          200,
          400,
          { error: "Order at least 500 pieces", rule: "minimum", suggestedQuantity: 500 },
        ],
        ["zero", 0, 400, { error: "Order at least 500 pieces", rule: "minimum", suggestedQuantity: 500 }],
        [
          "negative",
          -50,
          400,
          { error: "Order at least 500 pieces", rule: "minimum", suggestedQuantity: 500 },
        ],
        [
          "above the maximum",
          1600,
          400,
          { error: "Order at most 1,000 pieces", rule: "maximum", suggestedQuantity: 1000 },
        ],
        [
          "off the step (nearer down)",
          620,
          400,
          { error: "Order in steps of 50", rule: "step", suggestedQuantity: 600 },
        ],
        [
          "off the step (a tie goes up)",
          625,
          400,
          { error: "Order in steps of 50", rule: "step", suggestedQuantity: 650 },
        ],
        [
          "not whole",
          612.5,
          400,
          { error: "Order a whole number of pieces", rule: "whole", suggestedQuantity: 600 },
        ],
      ])("%s: %s → %i", async (_, quantity, status, body) => {
        const tool = await insertTool(env.db, {
          minimum: 500,
          maximum: 1000,
          increment: 50,
          available: 5000,
        });
        const res = await put(buyer, tool.id, quantity);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual(body);
      });

      it("more than the stock: 409 with the most there is, on the step", async () => {
        const tool = await insertTool(env.db, { minimum: 500, increment: 50, available: 720 });
        const res = await put(buyer, tool.id, 800);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: "Only 720 pieces left", rule: "stock", suggestedQuantity: 700 });
      });

      it("below the 500 in stock Order Now needs, and sold out: 409 with no quantity to suggest", async () => {
        const low = await insertTool(env.db, { minimum: 10, available: 499 });
        const res = await put(buyer, low.id, 10);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: orderNowMessage, rule: "stock", suggestedQuantity: null });
        const soldOut = await insertTool(env.db, { minimum: 10, available: 0 });
        const gone = await put(buyer, soldOut.id, 10);
        expect(gone.statusCode).toBe(409);
        expect(gone.json()).toEqual({ error: orderNowMessage, rule: "stock", suggestedQuantity: null });
      });

      it("changes nothing in the cart", async () => {
        const me = await signUp(env.app);
        const tool = await insertTool(env.db, { minimum: 500, available: 800 });
        expect((await put(me, tool.id, 500)).statusCode).toBe(200);
        expect((await put(me, tool.id, 900)).statusCode).toBe(409);
        expect((await cartOf(me)).lines.map((l) => l.quantity)).toEqual([500]);
      });
    });

    it.each([
      ["a string", "ten", "Enter the quantity as a number of pieces"],
      ["missing", undefined, "Enter the quantity as a number of pieces"],
      ["huge", 1e300, "That quantity is too large"],
    ])("refuses a quantity that is %s with 400", async (_, quantity, error) => {
      const tool = await insertTool(env.db);
      const res = await put(buyer, tool.id, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
    });

    it("answers 404 for an unknown or archived tool and 400 for an id that is not one", async () => {
      const unknown = await put(buyer, "00000000-0000-4000-8000-000000000000", 10);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "No tool on sale has that id" });
      const archived = await insertTool(env.db, { archivedAt: new Date() });
      expect((await put(buyer, archived.id, 10)).statusCode).toBe(404);
      const bad = await put(buyer, "not-a-uuid", 10);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "That is not a valid tool id" });
      expect((await call(env.app, "DELETE", "/api/cart/lines/nope", buyer)).statusCode).toBe(400);
    });

    it("removes a line (an absent one too) and empties the cart; each cart is its owner's own", async () => {
      const me = await signUp(env.app);
      const a = await insertTool(env.db);
      const b = await insertTool(env.db);
      await put(me, a.id, 10);
      await put(me, b.id, 20);
      await put(people.other, a.id, 30);
      const removed = await call(env.app, "DELETE", `/api/cart/lines/${a.id}`, me);
      expect(removed.statusCode).toBe(200);
      expect(removed.json<Cart>().lines.map((l) => l.toolId)).toEqual([b.id]);
      const again = await call(env.app, "DELETE", `/api/cart/lines/${a.id}`, me);
      expect(again.statusCode).toBe(200);
      expect(again.json<Cart>().lines).toHaveLength(1);
      const cleared = await call(env.app, "DELETE", "/api/cart", me);
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toEqual({ lines: [], total: 0 });
      expect(await cartOf(me)).toEqual({ lines: [], total: 0 });
      expect((await cartOf(people.other)).lines.map((l) => [l.toolId, l.quantity])).toEqual([[a.id, 30]]);
    });

    it("keeps the cart across sign-out and a new sign-in", async () => {
      const me = await signUp(env.app);
      const tool = await insertTool(env.db);
      await put(me, tool.id, 40);
      const out = await call(env.app, "POST", "/api/auth/sign-out", me, {});
      expect(out.statusCode).toBe(200);
      expect((await call(env.app, "GET", "/api/cart", me)).statusCode).toBe(401);
      const signIn = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, {
        email: me.email,
        password: me.password,
      });
      expect(signIn.statusCode).toBe(200);
      const back = { ...me, cookie: sessionCookie(signIn.headers["set-cookie"]) };
      expect((await cartOf(back)).lines.map((l) => [l.toolId, l.quantity])).toEqual([[tool.id, 40]]);
    });

    describe("a line whose tool changed stays, saying what changed, and leaves the total", () => {
      it("a changed price: shown until the line is set again at today's price", async () => {
        const me = await signUp(env.app);
        const tool = await insertTool(env.db, { priceCents: 12_50, minimum: 10 });
        const steady = await insertTool(env.db, { priceCents: 1_00, minimum: 10 });
        await put(me, tool.id, 10);
        await put(me, steady.id, 10);
        await change(tool.id, { priceCents: 13_00 });
        const cart = await cartOf(me);
        expect(cart.lines[0]).toMatchObject({
          unitPrice: 13,
          addedUnitPrice: 12.5,
          lineTotal: 130,
          problem: "The price changed from $12.50 to $13.00 a piece",
        });
        expect(cart.total).toBe(10);
        const accepted = (await put(me, tool.id, 10)).json<Cart>();
        expect(accepted.lines[0]).toMatchObject({ addedUnitPrice: 13, problem: null });
        expect(accepted.total).toBe(140);
      });

      it("stock that fell short, below Order Now's 500, or to nothing; rules that changed", async () => {
        const me = await signUp(env.app);
        const tool = await insertTool(env.db, { minimum: 100, available: 2000 });
        await put(me, tool.id, 800);
        await change(tool.id, { available: 600 });
        expect((await cartOf(me)).lines[0]?.problem).toBe("Only 600 pieces left");
        await change(tool.id, { available: 499 });
        expect((await cartOf(me)).lines[0]?.problem).toBe(orderNowMessage);
        await change(tool.id, { available: 5000, maximum: 500 });
        expect((await cartOf(me)).lines[0]?.problem).toBe("Order at most 500 pieces");
        expect((await cartOf(me)).lines[0]).toMatchObject({ minimum: 100, maximum: 500, available: 5000 });
        await change(tool.id, { maximum: null, minimum: 1000 });
        const cart = await cartOf(me);
        expect(cart.lines[0]?.problem).toBe("Order at least 1,000 pieces");
        // The line carries the tool's rules as they are today, for the cart page's stepper.
        expect(cart.lines[0]).toMatchObject({ minimum: 1000, maximum: null, increment: 1, available: 5000 });
        expect(cart.total).toBe(0);
      });

      it("a tool taken off the shop: the admin's delete archives it, and the line says it is no longer sold", async () => {
        const me = await signUp(env.app);
        const tool = await insertTool(env.db);
        await put(me, tool.id, 10);
        const removed = await call(env.app, "DELETE", `/api/service/${tool.id}`, people.admin);
        expect(removed.statusCode, removed.body).toBe(200);
        const [row] = await env.db.select().from(tools).where(eq(tools.id, tool.id));
        expect(row?.archivedAt).not.toBeNull();
        const cart = await cartOf(me);
        expect(cart.lines[0]).toMatchObject({ toolId: tool.id, problem: "This tool is no longer sold" });
        expect(cart.total).toBe(0);
        // It can still be removed from the cart, not set again.
        expect((await put(me, tool.id, 10)).statusCode).toBe(404);
        expect((await call(env.app, "DELETE", `/api/cart/lines/${tool.id}`, me)).json()).toEqual({
          lines: [],
          total: 0,
        });
      });
    });

    it("is in the account's data export, and goes with the account", async () => {
      const me = await signUp(env.app);
      const tool = await insertTool(env.db, { name: "Exported wrench" });
      await put(me, tool.id, 20);
      const data = (await call(env.app, "GET", "/api/account/export", me)).json();
      expect(data.cart).toEqual([
        expect.objectContaining({ toolId: tool.id, name: "Exported wrench", quantity: 20 }),
      ]);
      const userId = await userIdOf(env.db, me.email);
      const gone = await call(env.app, "DELETE", "/api/account", me, { password: me.password });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await env.db.select().from(cartLines).where(eq(cartLines.userId, userId))).toEqual([]);
    });

    it(`holds at most ${maxCartLines} lines: the next new line is refused with 409, a held one still changes`, async () => {
      const me = await signUp(env.app);
      const userId = await userIdOf(env.db, me.email);
      const many = await env.db
        .insert(tools)
        .values(
          Array.from({ length: maxCartLines + 1 }, (_, i) => ({
            name: `Cart filler ${i}`,
            img: "/images/tools/piston.svg",
            description: "Fills a cart.",
            priceCents: 1_00,
            minimum: 1,
            available: 1000,
          })),
        )
        .returning({ id: tools.id });
      const [last, ...rest] = many.reverse();
      await env.db
        .insert(cartLines)
        .values(rest.map((t) => ({ userId, toolId: t.id, quantity: 1, addedUnitPriceCents: 1_00 })));
      const full = await put(me, last?.id ?? "", 1);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        error: "Your cart is full: it holds at most 500 lines. Check out or remove a line first",
      });
      const held = await put(me, rest[0]?.id ?? "", 5);
      expect(held.statusCode).toBe(200);
      expect(held.json<Cart>().lines).toHaveLength(maxCartLines);
    });

    it("refuses a cross-site write like every other route", async () => {
      const tool = await insertTool(env.db);
      const res = await env.app.inject({
        method: "PUT",
        url: `/api/cart/lines/${tool.id}`,
        headers: { origin: "https://evil.example", cookie: buyer.cookie },
        payload: { quantity: 10 },
      });
      expect(res.statusCode).toBe(403);
      expect(testOrigin).not.toBe("https://evil.example");
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
