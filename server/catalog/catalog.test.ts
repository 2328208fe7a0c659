import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { strictObject } from "zod/mini";
import { type Tool, toolSchema } from "../../contract/catalog";
import { canOrderNow } from "../../contract/lot-rules";
import { stockState } from "../../contract/stock-state";
import { demoTools } from "../demo/demo-data";
import { seedDemoData } from "../demo/seed";
import { describeEachDatabase } from "../test/test-env";
import { tools } from "./tables";

describeEachDatabase("catalog API", (env) => {
  beforeAll(async () => {
    await seedDemoData(env.db);
  });

  it("lists the tools on sale, in catalog order, in the spec's shape with the price in dollars", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/service?limit=100" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-total-count"]).toBe(String(demoTools.length));
    const body = res.json<Tool[]>();
    expect(body.map((t) => t.name)).toEqual(demoTools.map((t) => t.name));
    for (const tool of body) expect(strictObject(toolSchema.shape).parse(tool)).toEqual(tool);
    expect(body[0]).toMatchObject({
      name: "Bumper",
      price: 118.5,
      available: 860,
      minimum: 10,
      increment: 1,
    });
    expect(body.find((t) => t.name === "Injection Pump")).toMatchObject({
      price: 879,
      available: 610,
      maximum: 12,
    });
    expect(body.find((t) => t.name === "Spark Plug")).toMatchObject({
      price: 6.4,
      minimum: 100,
      increment: 10,
    });
    expect(body.find((t) => t.name === "Door")).toMatchObject({ available: 540, lowStockAt: 600 });
  });

  it("prices the demo catalog like a parts wholesaler and shows every stock state", async () => {
    const body = (await env.app.inject({ method: "GET", url: "/api/service?limit=100" })).json<Tool[]>();
    for (const tool of body) {
      expect(tool.price, tool.name).toBeGreaterThanOrEqual(1);
      expect(tool.price, tool.name).toBeLessThanOrEqual(900);
      expect(tool.minimum % tool.increment, tool.name).toBe(0);
      expect(tool.available === 0 || tool.available >= tool.minimum, tool.name).toBe(true);
    }
    const states = body.map((t) => [t.name, stockState(t)]);
    expect(states.filter(([, state]) => state === "sold-out")).toEqual([["Alternator", "sold-out"]]);
    // Ordering opens at 500: some stock, but not enough for Order Now.
    expect(body.filter((t) => t.available > 0 && !canOrderNow(t)).map((t) => t.name)).toEqual([
      "Hydraulic Floor Jack",
    ]);
    // At its low-stock level while still orderable.
    expect(states).toContainEqual(["Door", "low"]);
  });

  it("pages with ?page=&limit= and keeps the total in X-Total-Count", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/service?page=2&limit=5" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(demoTools.length));
    expect(res.json<Tool[]>().map((t) => t.name)).toEqual(demoTools.slice(5, 10).map((t) => t.name));
    const past = await env.app.inject({ method: "GET", url: "/api/service?page=99&limit=5" });
    expect(past.json()).toEqual([]);
  });

  it.each([
    ["page=0", "page starts at 1"],
    ["page=abc", "page must be a number"],
    ["limit=1.5", "limit must be a whole number"],
    ["limit=1000", "limit must be at most 100"],
    ["limit=0", "limit must be at least 1"],
  ])("refuses ?%s with 400 and a readable error", async (query, error) => {
    const res = await env.app.inject({ method: "GET", url: `/api/service?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("returns one tool by id, 404 for an unknown id and 400 for a malformed one", async () => {
    const list = (await env.app.inject({ method: "GET", url: "/api/service" })).json<Tool[]>();
    const mirror = list.find((t) => t.name === "Mirror");
    const one = await env.app.inject({ method: "GET", url: `/api/service/${mirror?._id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(mirror);

    const unknown = await env.app.inject({
      method: "GET",
      url: "/api/service/8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "No tool with that id" });

    const malformed = await env.app.inject({ method: "GET", url: "/api/service/not-an-id" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "That is not a valid tool id" });
  });

  it("hides archived tools from the list and from the detail", async () => {
    const [door] = await env.db.select().from(tools).where(eq(tools.name, "Door"));
    await env.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.name, "Door"));
    try {
      // The list is cached for a few seconds; a page not asked for yet is read fresh.
      const list = await env.app.inject({ method: "GET", url: "/api/service?limit=99" });
      expect(list.json<Tool[]>().map((t) => t.name)).not.toContain("Door");
      expect(list.headers["x-total-count"]).toBe(String(demoTools.length - 1));
      const detail = await env.app.inject({ method: "GET", url: `/api/service/${door?.id}` });
      expect(detail.statusCode).toBe(404);
    } finally {
      await env.db.update(tools).set({ archivedAt: null }).where(eq(tools.name, "Door"));
    }
  });

  it("seeding again adds nothing: the demo data is added once", async () => {
    expect(await seedDemoData(env.db)).toEqual({ tools: 0, reviews: 0 });
    expect(await env.db.$count(tools)).toBe(demoTools.length);
  });

  it("says the database answers on /api/health", async () => {
    const res = await env.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: { kind: env.kind, answers: true } });
  });
});
