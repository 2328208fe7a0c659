import crypto from "node:crypto";
import { expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { toolCsvHeader } from "./csv";
import { tools } from "./tables";

// Issue 22: a price sent as text is read in decimal notation only ("12", "12.50"). "1e3" was taken
// as $1,000, and "5.", ".5" and " 5 " as $5 and $0.50, in a JSON string and in a CSV cell alike.

const notDecimal = ["1e3", "1E3", "5.", ".5", " 5 ", "5 ", "+5", "0x10", "1_000", "5,00"];

const tool = {
  name: "Feeler Gauge",
  description: "Twenty blades, 0.05 to 1.00 mm.",
  available: 500,
  minimum: 10,
  img: "/uploads/0123456789abcdef0123456789abcdef.webp",
};

/** A catalog file of one tool row, its cells by column name; as the admin page's file input sends it. */
function csvUpload(cells: Record<string, string>) {
  const row = toolCsvHeader.map((column) => cells[column] ?? "");
  const text = `${toolCsvHeader.join(",")}\n${row.map((cell) => `"${cell}"`).join(",")}\n`;
  const boundary = `----cm-price-${crypto.randomBytes(8).toString("hex")}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tools.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase(
  "prices in decimal notation only (POST and PATCH /api/service, the CSV import)",
  (env) => {
    const people = usersAndAdmin(env);
    let counter = 0;
    const add = (price: unknown) =>
      call(env.app, "POST", "/api/service", people.admin, {
        ...tool,
        name: `${tool.name} ${++counter}`,
        price,
      });

    it.each(notDecimal)("refuses the price %j on a new tool with 400, and adds none", async (price) => {
      const before = await env.db.$count(tools);
      const res = await add(price);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: "Price must be a number" });
      expect(await env.db.$count(tools)).toBe(before);
    });

    it("takes a price written 12, 12.5 or 12.50, as text or as a number", async () => {
      for (const [price, dollars] of [
        ["12", 12],
        ["12.5", 12.5],
        ["12.50", 12.5],
        [12.5, 12.5],
        [1e3, 1000],
      ] as const) {
        const res = await add(price);
        expect(res.statusCode, `${price}: ${res.body}`).toBe(201);
        const id = res.json<{ insertedId: string }>().insertedId;
        const shown = (await call(env.app, "GET", `/api/service/${id}`)).json<Tool>();
        expect(shown.price, String(price)).toBe(dollars);
      }
    });

    it("refuses such a price when a tool's price is changed", async () => {
      const res = await add("20.00");
      const id = res.json<{ insertedId: string }>().insertedId;
      for (const price of notDecimal) {
        const changed = await call(env.app, "PATCH", `/api/service/${id}`, people.admin, { price });
        expect(changed.statusCode, `${price}: ${changed.body}`).toBe(400);
        expect(changed.json()).toEqual({ error: "Price must be a number" });
      }
      expect((await call(env.app, "GET", `/api/service/${id}`)).json<Tool>().price).toBe(20);
    });

    it("refuses such a price in a CSV cell, and imports nothing", async () => {
      for (const price of ["1e3", "5.", ".5", " 5 "]) {
        const before = await env.db.$count(tools);
        const { payload, headers } = csvUpload({
          ...Object.fromEntries(Object.entries(tool).map(([k, v]) => [k, String(v)])),
          sku: `PRICE-${++counter}`,
          price,
        });
        const res = await call(env.app, "POST", "/api/import/tools", people.admin, payload, { headers });
        expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
        expect(res.json<{ rows: unknown }>().rows, price).toEqual([
          { row: 2, messages: ["Price must be a number"] },
        ]);
        expect(await env.db.$count(tools)).toBe(before);
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
