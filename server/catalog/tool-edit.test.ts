import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { orderNowMessage } from "../../contract/lot-rules";
import { orderBody, placeOrder } from "../orders/order-test-helpers";
import { orders } from "../orders/tables";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { tools } from "./tables";

const validTool = {
  name: "Torque Wrench",
  description: "Click-type torque wrench, 40 to 200 Nm, for wheel nuts and engine work.",
  available: 2000,
  minimum: 100,
  increment: 50,
  maximum: 1000,
  price: 42.5,
  img: "/uploads/0123456789abcdef0123456789abcdef.webp",
};

describeEachDatabase(
  "catalog: editing a tool (PATCH /api/service/{id}), part numbers, the ordering rule",
  (env) => {
    const people = usersAndAdmin(env);
    let counter = 0;

    async function addTool(fields: Record<string, unknown> = {}): Promise<string> {
      const res = await call(env.app, "POST", "/api/service", people.admin, {
        ...validTool,
        name: `${validTool.name} ${++counter}`,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    }
    const patch = (id: string, body: unknown, who = people.admin) =>
      call(env.app, "PATCH", `/api/service/${id}`, who, body);
    const shown = async (id: string) => (await call(env.app, "GET", `/api/service/${id}`)).json<Tool>();

    it("401 anonymous, 403 users, 404 an unknown tool, 400 a malformed id", async () => {
      const id = await addTool();
      expect((await call(env.app, "PATCH", `/api/service/${id}`, undefined, { price: 1 })).statusCode).toBe(
        401,
      );
      const refused = await patch(id, { price: 1 }, people.user);
      expect(refused.statusCode).toBe(403);
      expect((await shown(id)).price).toBe(42.5);
      const unknown = await patch("8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f", { price: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "No tool with that id" });
      expect((await patch("42", { price: 1 })).statusCode).toBe(400);
    });

    it("changes only the fields sent and answers the tool; the shop's list shows it at once", async () => {
      const id = await addTool();
      await call(env.app, "GET", "/api/service?limit=100"); // cached now
      const res = await patch(id, {
        name: "Torque Wrench Pro",
        price: "39.99",
        leadTimeDays: 10,
        sku: "  TW-200  ",
        lowStockAt: 300,
        img: "/uploads/fedcba9876543210fedcba9876543210.webp",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Tool>()).toMatchObject({
        _id: id,
        name: "Torque Wrench Pro",
        price: 39.99,
        leadTimeDays: 10,
        sku: "TW-200",
        lowStockAt: 300,
        img: "/uploads/fedcba9876543210fedcba9876543210.webp",
        description: validTool.description,
        minimum: 100,
        increment: 50,
        maximum: 1000,
        available: 2000,
      });
      const list = (await call(env.app, "GET", "/api/service?limit=100")).json<Tool[]>();
      expect(list.find((t) => t._id === id)).toMatchObject({ name: "Torque Wrench Pro", sku: "TW-200" });

      const cleared = await patch(id, { maximum: null, sku: "", lowStockAt: null });
      expect(cleared.json<Tool>()).toMatchObject({ maximum: null, sku: null, lowStockAt: null });
    });

    it.each([
      [{ price: 0 }, "Price must be more than 0"],
      [{ price: 1.234 }, "Use at most two decimals for the price"],
      [{ name: "  " }, "Name Required"],
      [{ minimum: 120 }, "Minimum must be a multiple of the increment"],
      [{ increment: 30 }, "Minimum must be a multiple of the increment"],
      [{ maximum: 50 }, "Maximum can't be less than minimum"],
      [{ minimum: 1500 }, "Maximum can't be less than minimum"],
      [{ lowStockAt: -1 }, "Low stock level can't be negative"],
      [{ sku: "TW 200" }, "The SKU can't contain spaces"],
      [{ img: "https://elsewhere.example/x.png" }, "Upload the photo here first"],
      [
        { available: 5 },
        "The stock changes only through restocks and corrections (POST /api/service/{id}/stock)",
      ],
    ])("refuses %j with 400 and changes nothing", async (body, error) => {
      const id = await addTool();
      const before = await shown(id);
      const res = await patch(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await shown(id)).toEqual(before);
    });

    it("keeps the price an order was placed at when the tool's price changes", async () => {
      const id = await addTool({ price: 10 });
      const order = await placeOrder(env.app, people.user, id, 100);
      expect((await patch(id, { price: 12.5, name: "Renamed Wrench" })).statusCode).toBe(200);
      const [row] = await env.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ unitPriceCents: 1000 });
      expect(row?.productName).not.toBe("Renamed Wrench");
      const again = await placeOrder(env.app, people.user, id, 100);
      const [second] = await env.db.select().from(orders).where(eq(orders.id, again._id));
      expect(second?.unitPriceCents).toBe(1250);
    });

    it("a part number is unique: 409 on adding or editing to one another tool has", async () => {
      const sku = `BRK-${Date.now()}`;
      const first = await addTool({ sku });
      expect((await shown(first)).sku).toBe(sku);
      const dup = await call(env.app, "POST", "/api/service", people.admin, {
        ...validTool,
        name: "Other",
        sku,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ error: "Another tool already has that SKU" });
      const second = await addTool();
      const taken = await patch(second, { sku: ` ${sku} ` });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: "Another tool already has that SKU" });
      expect((await shown(second)).sku).toBeNull();
      // Many tools have none.
      expect((await patch(second, { sku: null })).statusCode).toBe(200);
      expect((await shown(await addTool())).sku).toBeNull();
    });

    it("refuses an order when the tool has less in stock than Order Now needs: 409 with the rule", async () => {
      const id = await addTool({ available: 420, minimum: 100, maximum: null });
      const res = await call(env.app, "POST", "/api/order", people.user, orderBody(id, 100));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: orderNowMessage });
      expect(orderNowMessage).toBe("Order Now needs available stock of at least 500.");
      const [row] = await env.db.select().from(tools).where(eq(tools.id, id));
      expect(row?.available).toBe(420);
      expect(await env.db.$count(orders, eq(orders.toolId, id))).toBe(0);

      // At 500 it opens; the order may take the stock below 500, after which it closes again.
      const open = await addTool({ available: 500, minimum: 100, maximum: null });
      await placeOrder(env.app, people.user, open, 100);
      const closed = await call(env.app, "POST", "/api/order", people.user, orderBody(open, 100));
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ error: orderNowMessage });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
