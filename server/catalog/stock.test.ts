import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { LowStockTool, StockMovement } from "../../contract/stock";
import { outbox } from "../mail/tables";
import { orderBody } from "../orders/order-test-helpers";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { stockMovements, tools } from "./tables";

const newTool = {
  description: "Heavy-duty hydraulic trolley jack for workshop floors.",
  minimum: 10,
  price: 12.5,
  img: "/uploads/0123456789abcdef0123456789abcdef.webp",
};

describeEachDatabase(
  "catalog: the stock ledger (GET/POST /api/service/{id}/stock) and low stock",
  (env) => {
    const people = usersAndAdmin(env);
    let counter = 0;

    async function addTool(fields: Record<string, unknown> = {}): Promise<string> {
      const res = await call(env.app, "POST", "/api/service", people.admin, {
        ...newTool,
        name: `Trolley Jack ${++counter}`,
        available: 1000,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    }
    const stockOf = async (id: string) =>
      (await env.db.select({ available: tools.available }).from(tools).where(eq(tools.id, id)))[0]?.available;
    const ledgerSum = async (id: string) =>
      (
        await env.db
          .select({ sum: sql<number>`coalesce(sum(${stockMovements.change}), 0)`.mapWith(Number) })
          .from(stockMovements)
          .where(eq(stockMovements.toolId, id))
      )[0]?.sum;
    const movements = async (id: string, query = "") => {
      const res = await call(env.app, "GET", `/api/service/${id}/stock${query}`, people.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const adjust = (id: string, body: unknown, who = people.admin) =>
      call(env.app, "POST", `/api/service/${id}/stock`, who, body);

    it("a new tool's ledger starts with its stock; a restock adds a movement with who and why", async () => {
      const id = await addTool({ available: 1000 });
      const first = (await movements(id)).json<StockMovement[]>();
      expect(first).toEqual([
        expect.objectContaining({ change: 1000, stockAfter: 1000, reason: "initial", orderId: null }),
      ]);

      const res = await adjust(id, { change: 250, reason: "restock", note: "  Delivery 4471 " });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        available: 1250,
        movement: { change: 250, stockAfter: 1250, reason: "restock", note: "Delivery 4471" },
      });
      const damaged = await adjust(id, { change: -50, reason: "damaged" });
      expect(damaged.json()).toMatchObject({ available: 1200 });
      expect((await call(env.app, "GET", `/api/service/${id}`)).json()).toMatchObject({ available: 1200 });

      const page = await movements(id);
      expect(page.headers["x-total-count"]).toBe("3");
      const listed = page.json<StockMovement[]>();
      expect(listed.map((m) => [m.reason, m.change, m.stockAfter])).toEqual([
        ["damaged", -50, 1200],
        ["restock", 250, 1250],
        ["initial", 1000, 1000],
      ]);
      expect(listed[0]?.actorUserId).toBeTruthy();
      const second = (await movements(id, "?page=2&limit=2")).json<StockMovement[]>();
      expect(second.map((m) => m.reason)).toEqual(["initial"]);
      expect(await ledgerSum(id)).toBe(1200);
    });

    it("never takes the stock below 0: 409 and nothing written", async () => {
      const id = await addTool({ available: 100 });
      const res = await adjust(id, { change: -101, reason: "correction" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "The stock can't go below 0" });
      expect(await stockOf(id)).toBe(100);
      expect((await adjust(id, { change: -100, reason: "correction", note: "Counted" })).statusCode).toBe(
        201,
      );
      expect(await stockOf(id)).toBe(0);
      expect(await ledgerSum(id)).toBe(0);
    });

    it.each([
      [{ change: 0, reason: "restock" }, "The change can't be 0"],
      [{ change: 1.5, reason: "restock" }, "Enter the change as a whole number of pieces"],
      [{ change: "10", reason: "restock" }, "Enter the change as a whole number of pieces"],
      [{ change: -10, reason: "restock" }, "A restock adds pieces: enter a positive number"],
      [{ change: 10, reason: "damaged" }, "Damaged pieces are taken away: enter a negative number"],
      [{ change: 10, reason: "order" }, "reason must be one of restock, correction, damaged"],
      [{ change: 10, reason: "restock", note: "x".repeat(501) }, "The note must be at most 500 characters"],
    ])("refuses %j with 400", async (body, error) => {
      const id = await addTool();
      const res = await adjust(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await stockOf(id)).toBe(1000);
    });

    it("admins only: 401 anonymous, 403 users; 404 an unknown tool", async () => {
      const id = await addTool();
      expect((await call(env.app, "GET", `/api/service/${id}/stock`)).statusCode).toBe(401);
      expect((await call(env.app, "GET", `/api/service/${id}/stock`, people.user)).statusCode).toBe(403);
      expect((await adjust(id, { change: 5, reason: "restock" }, people.user)).statusCode).toBe(403);
      expect((await call(env.app, "GET", "/api/service/low-stock", people.user)).statusCode).toBe(403);
      const unknown = "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f";
      expect((await adjust(unknown, { change: 5, reason: "restock" })).statusCode).toBe(404);
      expect((await call(env.app, "GET", `/api/service/${unknown}/stock`, people.admin)).statusCode).toBe(
        404,
      );
      expect(await stockOf(id)).toBe(1000);
    });

    it("movements sum to the stock after 200 racing orders and cancels", async () => {
      const id = await addTool({ available: 20_000, minimum: 10, maximum: 500 });
      const placed: string[] = [];
      const cancels: Promise<unknown>[] = [];
      await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const res = await call(
            env.app,
            "POST",
            "/api/order",
            people.user,
            orderBody(id, 10 * (1 + (i % 20))),
          );
          expect([201, 409], res.body).toContain(res.statusCode);
          if (res.statusCode !== 201) return;
          const orderId = res.json<{ insertedId: string }>().insertedId;
          placed.push(orderId);
          // Every third order is cancelled while the others are still being placed.
          if (placed.length % 3 === 0) {
            cancels.push(call(env.app, "DELETE", `/api/allOrder/${orderId}`, people.admin));
          }
        }),
      );
      await Promise.all(cancels);
      expect(placed.length).toBeGreaterThan(100);
      const stock = await stockOf(id);
      expect(await ledgerSum(id)).toBe(stock);
      const byReason = await env.db
        .select({ reason: stockMovements.reason, n: sql<number>`count(*)`.mapWith(Number) })
        .from(stockMovements)
        .where(eq(stockMovements.toolId, id))
        .groupBy(stockMovements.reason);
      expect(Object.fromEntries(byReason.map((r) => [r.reason, r.n]))).toEqual({
        initial: 1,
        order: placed.length,
        release: cancels.length,
      });
      // Each movement's stock after is the stock the tool had then: the newest one is the stock now.
      const [newest] = (await movements(id, "?limit=1")).json<StockMovement[]>();
      expect(newest?.stockAfter).toBe(stock);
    }, 180_000); // PGlite runs the 200 orders one at a time

    it("lists a sold-out tool that has no low-stock level of its own (sold out always needs an admin)", async () => {
      const lowList = async () =>
        (await call(env.app, "GET", "/api/service/low-stock", people.admin)).json<LowStockTool[]>();
      const id = await addTool({ available: 40 });
      expect((await lowList()).map((t) => t._id)).not.toContain(id);
      await adjust(id, { change: -40, reason: "damaged" });
      expect((await lowList()).find((t) => t._id === id)).toMatchObject({ available: 0, lowStockAt: null });
      // Listed first: the emptiest first.
      expect((await lowList())[0]?.available).toBe(0);
    });

    it("lists tools at or below their low-stock level and tells admins once per crossing", async () => {
      const id = await addTool({ available: 1000, lowStockAt: 600, sku: `JACK-${Date.now()}` });
      const lowList = async () =>
        (await call(env.app, "GET", "/api/service/low-stock", people.admin)).json<LowStockTool[]>();
      const lowMails = () =>
        env.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, "admin-low-stock"), eq(outbox.recipient, adminEmail)));
      const mailsAbout = async () => (await lowMails()).filter((m) => m.dedupeKey?.includes(id));
      expect((await lowList()).map((t) => t._id)).not.toContain(id);

      // 1000 → 700: still above.
      await adjust(id, { change: -300, reason: "correction" });
      expect(await mailsAbout()).toHaveLength(0);
      // An order takes it from 700 to 600: crossed, one message.
      const res = await call(env.app, "POST", "/api/order", people.user, orderBody(id, 100));
      expect(res.statusCode, res.body).toBe(201);
      expect((await lowList()).find((t) => t._id === id)).toMatchObject({ available: 600, lowStockAt: 600 });
      const [mail] = await mailsAbout();
      expect(mail?.subject).toMatch(/^Low stock: Trolley Jack/);
      expect(mail?.text).toContain(`/dashboard/manageTools/${id}`);
      // Further down while still low: no new message.
      await adjust(id, { change: -100, reason: "damaged" });
      expect(await mailsAbout()).toHaveLength(1);
      // Back above, then down again: a second crossing, a second message.
      await adjust(id, { change: 500, reason: "restock" });
      expect((await lowList()).map((t) => t._id)).not.toContain(id);
      await adjust(id, { change: -500, reason: "correction" });
      expect(await mailsAbout()).toHaveLength(2);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
