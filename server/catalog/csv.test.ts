import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, expect, it } from "vitest";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { toolCsvHeader } from "./csv";
import { stockMovements, tools } from "./tables";

/** A CSV file in a multipart/form-data body, as the admin page's file input sends it. */
function csvUpload(text: string, field = "file") {
  const boundary = `----cm-csv-${crypto.randomBytes(8).toString("hex")}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="tools.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const rowsOf = (text: string) => Papa.parse<string[]>(text.trim()).data;

describeEachDatabase(
  "catalog CSV export and import",
  (env) => {
    const people = usersAndAdmin(env);

    beforeAll(async () => {
      await insertTool(env.db, {
        sku: "TW-100",
        name: "Torque Wrench",
        description: 'Click-type, "1/2 inch" drive,\nwith a case.',
        priceCents: 89_50,
        available: 1800,
        minimum: 100,
        increment: 50,
        maximum: 1000,
      });
      await insertTool(env.db, {
        sku: "=CMD-7",
        name: "@Formula looking name",
        description: "-Starts with a minus",
        priceCents: 12_00,
        available: 600,
        minimum: 10,
        lowStockAt: 50,
      });
    });

    const exportTools = async () => {
      const res = await call(env.app, "GET", "/api/export/tools.csv", people.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const importTools = (text: string) => {
      const { payload, headers } = csvUpload(text);
      return call(env.app, "POST", "/api/import/tools", people.admin, payload, { headers });
    };

    it("exports the catalog as a dated CSV download, formulas neutralised", async () => {
      const res = await exportTools();
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="tools-${today}.csv"`);
      const [header, wrench, formula] = rowsOf(res.body);
      expect(header).toEqual([...toolCsvHeader]);
      expect(wrench).toEqual([
        "TW-100",
        "Torque Wrench",
        'Click-type, "1/2 inch" drive,\nwith a case.',
        "89.50",
        "1800",
        "100",
        "1000",
        "50",
        "3",
        "",
        "/images/tools/piston.svg",
      ]);
      expect(formula?.slice(0, 4)).toEqual([
        "'=CMD-7",
        "'@Formula looking name",
        "'-Starts with a minus",
        "12.00",
      ]);
    });

    it("round trip: export, edit, import, export again gives the edited file", async () => {
      const rows = rowsOf((await exportTools()).body);
      const [header = [], wrench = [], formula = []] = rows;
      const col = (name: string) => header.indexOf(name);
      wrench[col("price")] = "92.25"; // a price change
      wrench[col("available")] = "2000"; // a restock of 200
      formula[col("available")] = "550"; // a correction of -50
      formula[col("maximum")] = "500";
      const added = [
        "SP-9",
        "Spark Plug",
        "Iridium tip.",
        "6.40",
        "12000",
        "500",
        "",
        "1",
        "5",
        "1000",
        "/images/tools/spark.svg",
      ];
      const edited = [...rows, added];

      const res = await importTools(Papa.unparse(edited));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ created: 1, updated: 2 });

      expect(rowsOf((await exportTools()).body)).toEqual(edited);
      // The formula-looking texts were stored as they were, without the export's quote.
      const [stored] = await env.db.select().from(tools).where(eq(tools.sku, "=CMD-7"));
      expect(stored).toMatchObject({ name: "@Formula looking name", available: 550, maximum: 500 });

      // Stock changes went through the ledger, with the reason of each.
      const moves = await env.db
        .select({
          sku: tools.sku,
          change: stockMovements.change,
          reason: stockMovements.reason,
          after: stockMovements.stockAfter,
        })
        .from(stockMovements)
        .innerJoin(tools, eq(tools.id, stockMovements.toolId));
      expect(moves).toEqual(
        expect.arrayContaining([
          { sku: "TW-100", change: 200, reason: "restock", after: 2000 },
          { sku: "=CMD-7", change: -50, reason: "correction", after: 550 },
          { sku: "SP-9", change: 12000, reason: "initial", after: 12000 },
        ]),
      );
    });

    it("a file with one bad row changes nothing and names the row", async () => {
      const before = (await exportTools()).body;
      const rows = rowsOf(before);
      const header = rows[0] ?? [];
      const good = [...(rows[1] ?? [])];
      good[header.indexOf("price")] = "1.00";
      const bad = [
        "NEW-1",
        "Bad Tool",
        "Oops.",
        "abc",
        "100",
        "500",
        "",
        "1",
        "3",
        "",
        "/images/tools/a.svg",
      ];
      const res = await importTools(Papa.unparse([header, good, bad]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Nothing was imported: row 3 has problems",
        rows: [{ row: 3, messages: ["Price must be a number"] }],
      });
      expect((await exportTools()).body).toBe(before);
    });

    it.each([
      [
        "a row without a SKU",
        [["", "No Sku", "D.", "1", "10", "1", "", "1", "3", "", "/images/tools/a.svg"]],
        "SKU Required: tools are matched by their SKU",
      ],
      [
        "a SKU given twice",
        [
          ["DUP-1", "One", "D.", "1", "10", "1", "", "1", "3", "", "/images/tools/a.svg"],
          ["DUP-1", "Two", "D.", "1", "10", "1", "", "1", "3", "", "/images/tools/a.svg"],
        ],
        "SKU DUP-1 is also on row 2",
      ],
    ])("refuses %s", async (_, data, message) => {
      const header = rowsOf((await exportTools()).body)[0] ?? [];
      const res = await importTools(Papa.unparse([header, ...data]));
      expect(res.statusCode).toBe(400);
      expect(res.json().rows.at(-1).messages).toEqual([message]);
    });

    it("refuses a file whose header is not the catalog's, and a request that is not a file", async () => {
      const res = await importTools("sku,name,colour\nA,B,red\n");
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        "The file's header line has missing column(s) description, price, available, minimum, img and unknown column(s) colour",
      );
      const json = await call(env.app, "POST", "/api/import/tools", people.admin, { sku: "x" });
      expect(json.statusCode).toBe(415);
      const wrongField = csvUpload("sku\n", "photo");
      const field = await call(env.app, "POST", "/api/import/tools", people.admin, wrongField.payload, {
        headers: wrongField.headers,
      });
      expect(field.json()).toEqual({ error: 'Send the CSV file in the field "file"' });
    });

    it("is for admins only: 401 signed out, 403 for a user", async () => {
      const upload = csvUpload("sku\n");
      for (const [method, url] of [
        ["GET", "/api/export/tools.csv"],
        ["POST", "/api/import/tools"],
      ] as const) {
        const payload = method === "POST" ? upload.payload : undefined;
        const options = method === "POST" ? { headers: upload.headers } : {};
        expect((await call(env.app, method, url, undefined, payload, options)).statusCode).toBe(401);
        expect((await call(env.app, method, url, people.user, payload, options)).statusCode).toBe(403);
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
