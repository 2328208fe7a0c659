import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Tool, toolLotProblem } from "../../contract/catalog";
import { centsToDollars } from "../../contract/money";
import { demoTools } from "../demo/demo-data";
import { importCatalogFile } from "../test/csv-upload";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { tools } from "./tables";

// Volume price breaks on a tool (issue 26): stored in cents, answered in dollars, every rule refused
// with its message naming the break, on POST and on PATCH (the tool as it would be after it).

const plugs = {
  name: "Spark Plug",
  description: "Iridium-tipped spark plug, sold by the box.",
  available: 1_000_000,
  minimum: 100,
  increment: 10,
  maximum: 10_000,
  price: 6.5,
  img: "/images/tools/spark-plug.svg",
};
const breaks = [
  { minQuantity: 500, price: 5.9 },
  { minQuantity: 2000, price: 5.4 },
  { minQuantity: 5000, price: 4.95 },
];

/** Each rule of a list of breaks on `plugs`, with the message word for word. */
const refusedLists: [string, unknown, string][] = [
  [
    "more than 10",
    Array.from({ length: 11 }, (_, i) => ({ minQuantity: 200 + i * 100, price: 6 - i * 0.1 })),
    "A tool can have at most 10 price breaks",
  ],
  [
    "a first quantity not above the minimum",
    [{ minQuantity: 100, price: 6 }],
    "Price break 1: the quantity must be more than the minimum (100 pieces)",
  ],
  [
    "quantities not strictly increasing",
    [
      { minQuantity: 500, price: 6 },
      { minQuantity: 500, price: 5.5 },
    ],
    "Price break 2: the quantity must be more than break 1's (500 pieces)",
  ],
  [
    "a quantity off the step",
    [
      { minQuantity: 500, price: 6 },
      { minQuantity: 1005, price: 5.5 },
    ],
    "Price break 2: the quantity must be in steps of 10",
  ],
  [
    "a quantity above the maximum",
    [{ minQuantity: 20_000, price: 6 }],
    "Price break 1: the quantity can't be more than the maximum (10,000 pieces)",
  ],
  [
    "a quantity that is not a whole number",
    [{ minQuantity: 500.5, price: 6 }],
    "Price break 1: the quantity must be a whole number from 1 to 100,000,000",
  ],
  [
    "a first price not below the tool's",
    [{ minQuantity: 500, price: 6.5 }],
    "Price break 1: the price must be lower than the tool's price ($6.50)",
  ],
  [
    "prices not strictly decreasing",
    [
      { minQuantity: 500, price: 6 },
      { minQuantity: 1000, price: 6 },
    ],
    "Price break 2: the price must be lower than break 1's ($6.00)",
  ],
  [
    "a price with three decimals",
    [{ minQuantity: 500, price: 5.905 }],
    "Price break 1: the price must be from $0.01 to $1,000,000.00, with at most two decimals",
  ],
  [
    "a price of 0",
    [{ minQuantity: 500, price: 0 }],
    "Price break 1: the price must be from $0.01 to $1,000,000.00, with at most two decimals",
  ],
  ["not a list", "500:5.90", "priceBreaks must be a list of { minQuantity, price }"],
  ["a break without its price", [{ minQuantity: 500 }], "Each price break needs a price"],
];

describeEachDatabase(
  "catalog: volume price breaks on a tool (issue 26)",
  (env) => {
    const people = usersAndAdmin(env);
    let counter = 0;
    const add = (fields: Record<string, unknown> = {}) =>
      call(env.app, "POST", "/api/service", people.admin, {
        ...plugs,
        name: `${plugs.name} ${++counter}`,
        ...fields,
      });
    async function addTool(fields: Record<string, unknown> = {}): Promise<string> {
      const res = await add(fields);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    }
    const patch = (id: string, body: unknown) =>
      call(env.app, "PATCH", `/api/service/${id}`, people.admin, body);
    const shown = async (id: string) => (await call(env.app, "GET", `/api/service/${id}`)).json<Tool>();
    const stored = async (id: string) =>
      (await env.db.select({ priceBreaks: tools.priceBreaks }).from(tools).where(eq(tools.id, id)))[0]
        ?.priceBreaks;

    it("adds a tool with its breaks: stored in cents, answered in dollars on every route", async () => {
      const id = await addTool({ priceBreaks: breaks });
      expect(await stored(id)).toEqual([
        { minQuantity: 500, priceCents: 590 },
        { minQuantity: 2000, priceCents: 540 },
        { minQuantity: 5000, priceCents: 495 },
      ]);
      expect(await shown(id)).toMatchObject({ price: 6.5, priceBreaks: breaks });
      const list = await call(env.app, "GET", "/api/service?limit=100");
      expect(list.json<Tool[]>().find((t) => t._id === id)?.priceBreaks).toEqual(breaks);
      // Sent as form text too, as the other numbers of a tool may be.
      const asText = await addTool({ priceBreaks: [{ minQuantity: "500", price: "5.90" }] });
      expect((await shown(asText)).priceBreaks).toEqual([{ minQuantity: 500, price: 5.9 }]);
    });

    it("answers priceBreaks: [] for a tool without breaks", async () => {
      const id = await addTool();
      expect((await shown(id)).priceBreaks).toEqual([]);
      expect(await stored(id)).toEqual([]);
    });

    it.each(refusedLists)("POST refuses %s with 400 naming the break", async (_, priceBreaks, error) => {
      const before = await env.db.$count(tools);
      const res = await add({ priceBreaks });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect(await env.db.$count(tools)).toBe(before);
    });

    it.each(refusedLists)("PATCH refuses %s with 400 naming the break", async (_, priceBreaks, error) => {
      const id = await addTool({ priceBreaks: breaks });
      const res = await patch(id, { priceBreaks });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error });
      expect((await shown(id)).priceBreaks).toEqual(breaks);
    });

    it.each([
      [{ minimum: 500 }, "Price break 1: the quantity must be more than the minimum (500 pieces)"],
      [{ price: 5.9 }, "Price break 1: the price must be lower than the tool's price ($5.90)"],
      [{ maximum: 4000 }, "Price break 3: the quantity can't be more than the maximum (4,000 pieces)"],
      [{ increment: 300, minimum: 300 }, "Price break 1: the quantity must be in steps of 300"],
    ])(
      "PATCH %o checks the breaks the tool keeps against the tool after the change",
      async (change, error) => {
        const id = await addTool({ priceBreaks: breaks });
        const res = await patch(id, change);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error });
        expect(await shown(id)).toMatchObject({
          price: 6.5,
          minimum: 100,
          maximum: 10_000,
          priceBreaks: breaks,
        });
      },
    );

    it("PATCH replaces the whole list, and [] or null removes it", async () => {
      const id = await addTool({ priceBreaks: breaks });
      const replaced = await patch(id, { priceBreaks: [{ minQuantity: 1000, price: 5.75 }] });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json<Tool>().priceBreaks).toEqual([{ minQuantity: 1000, price: 5.75 }]);
      // Other fields leave the breaks as they are.
      expect((await patch(id, { name: "Spark Plug Iridium" })).json<Tool>().priceBreaks).toEqual([
        { minQuantity: 1000, price: 5.75 },
      ]);
      // A price and breaks changed together are checked together.
      const both = await patch(id, { price: 7, priceBreaks: [{ minQuantity: 500, price: 6.8 }] });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json<Tool>()).toMatchObject({ price: 7, priceBreaks: [{ minQuantity: 500, price: 6.8 }] });
      expect((await patch(id, { priceBreaks: null })).json<Tool>().priceBreaks).toEqual([]);
      await patch(id, { priceBreaks: breaks });
      expect((await patch(id, { priceBreaks: [] })).json<Tool>().priceBreaks).toEqual([]);
      expect(await stored(id)).toEqual([]);
    });

    it("the demo catalog's breaks hold under each tool's lot rules", () => {
      const withBreaks = demoTools.filter((t) => (t.priceBreaks ?? []).length > 0);
      expect(withBreaks.map((t) => t.name)).toEqual(["Piston", "Brake Disc Rotor", "Spark Plug"]);
      for (const t of withBreaks) {
        const priceBreaks = (t.priceBreaks ?? []).map((b) => ({
          minQuantity: b.minQuantity,
          price: centsToDollars(b.priceCents),
        }));
        const problem = toolLotProblem({
          ...t,
          increment: t.increment ?? 1,
          price: centsToDollars(t.priceCents),
          priceBreaks,
        });
        expect(problem, t.name).toBeUndefined();
      }
    });

    describe("the tools CSV", () => {
      const exportRows = async () => {
        const res = await call(env.app, "GET", "/api/export/tools.csv", people.admin);
        expect(res.statusCode, res.body).toBe(200);
        return parse(res.body) as string[][];
      };

      it("round trip: the priceBreaks column keeps a tool's breaks; an edited cell changes them", async () => {
        const sku = `PB-${crypto.randomUUID()}`;
        const id = await addTool({ sku, priceBreaks: breaks });
        const bare = await addTool({ sku: `${sku}-B` });
        const rows = await exportRows();
        const [header = []] = rows;
        const col = header.indexOf("priceBreaks");
        expect(col).toBe(header.length - 1);
        const row = rows.find((r) => r[0] === id) ?? [];
        expect(row[col]).toBe("500:5.90|2000:5.40|5000:4.95");
        expect(rows.find((r) => r[0] === bare)?.[col]).toBe("");

        // The export imported as it is changes nothing.
        const same = await importCatalogFile(env.app, people.admin, stringify(rows));
        expect(same.statusCode, same.body).toBe(200);
        expect(same.json()).toMatchObject({ created: 0, updated: 0 });
        expect((await shown(id)).priceBreaks).toEqual(breaks);

        // Edited: new breaks on one tool, breaks on the other, a new tool with breaks.
        row[col] = "1000:6.10 | 3000:5.55";
        const bareRow = rows.find((r) => r[0] === bare) ?? [];
        bareRow[col] = "200:6.25";
        const added = header.map((c) => ({ ...cellsOf(sku), priceBreaks: "500:6" })[c] ?? "");
        const res = await importCatalogFile(env.app, people.admin, stringify([header, row, bareRow, added]));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ created: 1, updated: 2 });
        expect((await shown(id)).priceBreaks).toEqual([
          { minQuantity: 1000, price: 6.1 },
          { minQuantity: 3000, price: 5.55 },
        ]);
        expect((await shown(bare)).priceBreaks).toEqual([{ minQuantity: 200, price: 6.25 }]);
        const [newTool] = await env.db
          .select()
          .from(tools)
          .where(eq(tools.sku, `${sku}-N`));
        expect(newTool?.priceBreaks).toEqual([{ minQuantity: 500, priceCents: 600 }]);
        const again = (await exportRows()).find((r) => r[0] === id);
        expect(again?.[col]).toBe("1000:6.10|3000:5.55");
      });

      it("refuses a file with a bad list, naming the row and the break; nothing is imported", async () => {
        const sku = `PB-${crypto.randomUUID()}`;
        const id = await addTool({ sku, priceBreaks: breaks });
        const rows = await exportRows();
        const [header = []] = rows;
        const col = header.indexOf("priceBreaks");
        const row = rows.find((r) => r[0] === id) ?? [];
        row[header.indexOf("name")] = "Renamed by a refused file";
        const cases: [string, string][] = [
          ["500:5.90|2000:6.00", "Price break 2: the price must be lower than break 1's ($5.90)"],
          ["500-5.90", "Price break 1: write it quantity:price, as in 500:5.90|2000:5.40"],
          ["500:5.90|abc", "Price break 2: write it quantity:price, as in 500:5.90|2000:5.40"],
          ["50:5.90", "Price break 1: the quantity must be more than the minimum (100 pieces)"],
        ];
        for (const [cell, message] of cases) {
          row[col] = cell;
          const added = header.map((c) => ({ ...cellsOf(sku), priceBreaks: "500:6" })[c] ?? "");
          const res = await importCatalogFile(env.app, people.admin, stringify([header, added, row]));
          expect(res.statusCode, cell).toBe(400);
          expect(res.json(), cell).toEqual({
            error: "Nothing was imported: row 3 has problems",
            rows: [{ row: 3, messages: [message] }],
          });
        }
        expect(await shown(id)).toMatchObject({
          name: expect.stringMatching(/^Spark Plug/),
          priceBreaks: breaks,
        });
        expect(await env.db.$count(tools, eq(tools.sku, `${sku}-N`))).toBe(0);
      });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

/** A new tool's cells in the catalog file (SKU `${sku}-N`). */
function cellsOf(sku: string): Record<string, string> {
  return {
    sku: `${sku}-N`,
    name: "Spark Plug Copper",
    description: "Copper-core spark plug.",
    price: "6.50",
    available: "5000",
    minimum: "100",
    increment: "10",
    leadTimeDays: "3",
    img: "/images/tools/spark-plug.svg",
  };
}
