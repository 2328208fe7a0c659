import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { deletedToolAnswer, insertedAnswer } from "../../contract/answers";
import type { Tool } from "../../contract/catalog";
import { orders } from "../orders/tables";
import { expectAnswer } from "../test/answers";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { tools } from "./tables";

const validTool = {
  name: "Brake Caliper",
  description: "Cast-iron floating caliper for the front axle, sold in workshop lots.",
  available: 2000,
  minimum: 500,
  price: 24.99,
  img: "/uploads/0123456789abcdef0123456789abcdef.webp",
};

describeEachDatabase(
  "catalog admin: POST and DELETE /api/service",
  (env) => {
    const people = usersAndAdmin(env);

    const listed = async () => (await call(env.app, "GET", "/api/service?limit=100")).json<Tool[]>();

    it("POST /api/service: 401 anonymous, 403 for users, 201 {insertedId} for an admin", async () => {
      const before = await env.db.$count(tools);
      const anonymous = await call(env.app, "POST", "/api/service", undefined, validTool);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toHaveProperty("error");
      for (const who of [people.user, people.other]) {
        const refused = await call(env.app, "POST", "/api/service", who, validTool);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: "Only admins can do that" });
      }
      expect(await env.db.$count(tools)).toBe(before);

      await listed(); // the list is now cached
      const res = await call(env.app, "POST", "/api/service", people.admin, validTool);
      expect(res.statusCode).toBe(201);
      const { insertedId } = res.json();
      expect(Object.keys(res.json())).toEqual(["insertedId"]);
      expectAnswer(insertedAnswer, res.json());

      const tool = (await listed()).find((t) => t._id === insertedId);
      expect(tool).toMatchObject({ ...validTool, maximum: null, increment: 1, leadTimeDays: 3 });
      const [row] = await env.db.select().from(tools).where(eq(tools.id, insertedId));
      expect(row?.priceCents).toBe(2499);
    });

    it("takes the numbers as a form sends them (strings) and the optional lot fields", async () => {
      const res = await call(env.app, "POST", "/api/service", people.admin, {
        ...validTool,
        name: "Spark Plug Set",
        available: "1200",
        minimum: "600",
        price: "3.5",
        maximum: "1200",
        increment: "100",
        leadTimeDays: "7",
      });
      expect(res.statusCode).toBe(201);
      const one = await env.app.inject({ method: "GET", url: `/api/service/${res.json().insertedId}` });
      expect(one.json()).toMatchObject({
        available: 1200,
        minimum: 600,
        price: 3.5,
        maximum: 1200,
        increment: 100,
        leadTimeDays: 7,
      });
    });

    const without = (field: keyof typeof validTool) => {
      const { [field]: _dropped, ...rest } = validTool;
      return rest;
    };

    it.each([
      ["no name", without("name"), "Name Required"],
      ["a blank name", { ...validTool, name: "   " }, "Name Required"],
      ["a name over 120 characters", { ...validTool, name: "n".repeat(121) }, "Use at most 120 characters"],
      ["no description", without("description"), "Description Required"],
      [
        "a description over 4000 characters",
        { ...validTool, description: "d".repeat(4001) },
        "Use at most 4,000 characters",
      ],
      ["no available", without("available"), "Availabilie Required"],
      ["an empty available", { ...validTool, available: "" }, "Availabilie Required"],
      ["a non-numeric available", { ...validTool, available: "lots" }, "Available must be a number"],
      ["a fractional available", { ...validTool, available: 10.5 }, "Available must be a whole number"],
      ["a zero available", { ...validTool, available: 0, minimum: 0 }, "Available must be at least 1"],
      ["a huge available", { ...validTool, available: 3e9 }, "Available must be at most 100,000,000"],
      ["no minimum", without("minimum"), "Minimum Required"],
      ["a negative minimum", { ...validTool, minimum: -5 }, "Minimum must be at least 1"],
      ["a minimum above available", { ...validTool, minimum: 2001 }, "Minimum can't be more than available"],
      ["no price", without("price"), "Price Required"],
      ["a zero price", { ...validTool, price: 0 }, "Price must be more than 0"],
      ["a negative price", { ...validTool, price: -3 }, "Price must be more than 0"],
      [
        "a price with three decimals",
        { ...validTool, price: 1.234 },
        "Use at most two decimals for the price",
      ],
      ["a price too large", { ...validTool, price: 50_000_000 }, "Price must be at most $1,000,000.00"],
      ["no photo", without("img"), "Image is Required"],
      [
        "a remote photo URL",
        { ...validTool, img: "https://evil.example/x.png" },
        "Upload the photo here first",
      ],
      ["a javascript: URL", { ...validTool, img: "javascript:alert(1)" }, "Upload the photo here first"],
      ["a path outside our images", { ...validTool, img: "/api/user" }, "Upload the photo here first"],
      ["a maximum below minimum", { ...validTool, maximum: 100 }, "Maximum can't be less than minimum"],
      [
        "a minimum not a multiple of increment",
        { ...validTool, increment: 300 },
        "Minimum must be a multiple of the increment",
      ],
      ["a negative lead time", { ...validTool, leadTimeDays: -1 }, "Lead time can't be negative"],
    ])("refuses %s with 400 and the form's message", async (_what, body, error) => {
      const before = await env.db.$count(tools);
      const res = await call(env.app, "POST", "/api/service", people.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await env.db.$count(tools)).toBe(before);
    });

    it("refuses a body that is not JSON and a body over the limit without a 500", async () => {
      const text = await call(env.app, "POST", "/api/service", people.admin, "name=x", {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toHaveProperty("error");
      const huge = await call(env.app, "POST", "/api/service", people.admin, {
        ...validTool,
        description: "x".repeat(100_000),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toHaveProperty("error");
    });

    it("DELETE /api/service/{id}: 401 anonymous, 403 users, {deletedCount: 1} for an admin, then 404", async () => {
      const tool = await insertTool(env.db, { name: "Old Gasket" });
      expect((await call(env.app, "DELETE", `/api/service/${tool.id}`)).statusCode).toBe(401);
      for (const who of [people.user, people.other]) {
        const refused = await call(env.app, "DELETE", `/api/service/${tool.id}`, who);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toHaveProperty("error");
      }
      expect((await listed()).map((t) => t._id)).toContain(tool.id);

      const res = await call(env.app, "DELETE", `/api/service/${tool.id}`, people.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1, archived: false });
      expectAnswer(deletedToolAnswer, res.json());
      expect(await env.db.select().from(tools).where(eq(tools.id, tool.id))).toEqual([]);
      expect((await listed()).map((t) => t._id)).not.toContain(tool.id);

      const again = await call(env.app, "DELETE", `/api/service/${tool.id}`, people.admin);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: "No tool with that id" });
    });

    it("DELETE: 400 for a malformed id, 404 for an unknown one", async () => {
      const malformed = await call(env.app, "DELETE", "/api/service/not-an-id", people.admin);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: "That is not a valid tool id" });
      const unknown = await call(
        env.app,
        "DELETE",
        "/api/service/8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
        people.admin,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "No tool with that id" });
    });

    it("archives a tool with orders: gone from the shop, its orders intact", async () => {
      const tool = await insertTool(env.db, { name: "Ordered Clutch Plate" });
      const buyer = await signUp(env.app);
      const order = await insertOrder(env.db, tool, buyer, { quantity: 20, status: "paid" });
      await listed();

      const res = await call(env.app, "DELETE", `/api/service/${tool.id}`, people.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1, archived: true });

      const [kept] = await env.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(kept?.archivedAt).toBeInstanceOf(Date);
      const [still] = await env.db
        .select({ order: orders, toolName: tools.name })
        .from(orders)
        .innerJoin(tools, eq(orders.toolId, tools.id))
        .where(eq(orders.id, order.id));
      expect(still).toMatchObject({
        toolName: "Ordered Clutch Plate",
        order: { status: "paid", quantity: 20 },
      });

      expect((await listed()).map((t) => t._id)).not.toContain(tool.id);
      expect((await env.app.inject({ method: "GET", url: `/api/service/${tool.id}` })).statusCode).toBe(404);
      expect((await call(env.app, "DELETE", `/api/service/${tool.id}`, people.admin)).statusCode).toBe(404);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
