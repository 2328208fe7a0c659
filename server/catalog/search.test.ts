import { beforeAll, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { describeEachDatabase } from "../test/test-env";

const catalog = [
  {
    name: "Torque Wrench",
    description: "Click-type wrench, 1/2 inch drive, 40-210 Nm.",
    priceCents: 89_50,
    available: 1800,
  },
  {
    name: "Hydraulic Floor Jack",
    description: "Lifts 3 tonnes with a low-profile saddle.",
    priceCents: 214_00,
    available: 420,
  },
  { name: "Spark Plug", description: "Iridium tip for petrol engines.", priceCents: 6_40, available: 12_000 },
  {
    name: "Socket Set",
    description: "Chrome vanadium sockets and a ratchet wrench.",
    priceCents: 74_90,
    available: 1500,
  },
  {
    name: "Brake Disc Rotor",
    description: "Vented rotor, coated against rust.",
    priceCents: 46_75,
    available: 499,
  },
];

describeEachDatabase("tool search, sort and filter", (env) => {
  beforeAll(async () => {
    // One at a time, so that the creation order (the default and "newest" orders) is the array's.
    for (const tool of catalog) await insertTool(env.db, { ...tool, minimum: 10 });
  });

  async function list(query: string) {
    const res = await call(env.app, "GET", `/api/service?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { names: res.json<Tool[]>().map((t) => t.name), total: Number(res.headers["x-total-count"]) };
  }

  it("finds a tool by a misspelt name: torqe wrench", async () => {
    const found = await list(`q=${encodeURIComponent("torqe wrench")}`);
    expect(found.names[0]).toBe("Torque Wrench");
    expect(found.names).not.toContain("Spark Plug");
  });

  it("finds by a word of the description, in another form (stems), best match by name first", async () => {
    expect((await list("q=iridium")).names).toEqual(["Spark Plug"]);
    // "wrenches" is a stem of the Torque Wrench's name and of the Socket Set's description.
    const wrenches = await list("q=wrenches");
    expect(wrenches.names).toEqual(["Torque Wrench", "Socket Set"]);
    expect(wrenches.total).toBe(2);
  });

  it("answers an empty list when nothing matches, and treats an empty q as no search", async () => {
    expect(await list("q=xylophone")).toEqual({ names: [], total: 0 });
    expect((await list("q=")).names).toEqual(catalog.map((t) => t.name));
  });

  it("sorts by name, price both ways and newest", async () => {
    const byName = [...catalog].sort((a, b) => a.name.localeCompare(b.name)).map((t) => t.name);
    const byPrice = [...catalog].sort((a, b) => a.priceCents - b.priceCents).map((t) => t.name);
    expect((await list("sort=name")).names).toEqual(byName);
    expect((await list("sort=price")).names).toEqual(byPrice);
    expect((await list("sort=-price")).names).toEqual([...byPrice].reverse());
    expect((await list("sort=newest")).names).toEqual(catalog.map((t) => t.name).reverse());
    expect((await list("")).names).toEqual(catalog.map((t) => t.name));
  });

  it("keeps only tools orderable now (at least 500 in stock) with orderable=true, sorted and paged", async () => {
    const orderable = await list("orderable=true&sort=price&limit=2");
    expect(orderable.names).toEqual(["Spark Plug", "Socket Set"]);
    expect(orderable.total).toBe(3);
    expect((await list("orderable=false")).total).toBe(catalog.length);
  });

  it("combines a search with the filter", async () => {
    expect((await list("q=rotor")).names).toEqual(["Brake Disc Rotor"]);
    expect((await list("q=rotor&orderable=true")).names).toEqual([]);
  });

  it.each([
    ["sort=cheapest", "sort must be one of name, price, -price, newest"],
    ["sort=", "sort must be one of name, price, -price, newest"],
    ["orderable=yes", "orderable must be true or false"],
    ["q=a&q=b", "q must be one piece of text"],
    [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
  ])("refuses ?%s with 400 and a readable error", async (query, error) => {
    const res = await call(env.app, "GET", `/api/service?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("searches the current catalog, not a cached copy", async () => {
    expect((await list("q=torqe")).names).not.toContain("Torque Adapter");
    await insertTool(env.db, { name: "Torque Adapter", description: "Extends a torque wrench." });
    expect((await list("q=torqe")).names).toContain("Torque Adapter");
  });

  it("finds a tool by the start of its part number (SKU), in any case", async () => {
    await insertTool(env.db, {
      name: "Wheel Nut",
      description: "M12 x 1.5 chrome nut.",
      sku: "WN-M12-150",
      available: 5,
    });
    expect((await list("q=wn-m12")).names).toEqual(["Wheel Nut"]);
    expect((await list("q=WN-M12-150")).names).toEqual(["Wheel Nut"]);
    expect((await list(`q=${encodeURIComponent("100%_")}`)).names).toEqual([]);
  });
});
