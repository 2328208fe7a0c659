import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seedDemoData } from "../demo/seed";
import { csvUpload, importCatalogFile } from "../test/csv-upload";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { toolCsvHeader } from "./csv";
import { importRace } from "./csv-apply";
import { notUtf8 } from "./csv-file";
import { stockMovements, tools } from "./tables";

const rowsOf = (text: string): string[][] => parse(text.trim());
const csvOf = (rows: readonly (readonly string[])[]) => stringify(rows as string[][]);
const header = [...toolCsvHeader];

/** A row of the catalog file in the header's order: a new tool's usual cells, then `cells`. */
function fileRow(cells: Partial<Record<(typeof toolCsvHeader)[number], string>>): string[] {
  const row = {
    ...{ id: "", sku: "", name: "Tool", description: "D.", price: "1", available: "10", minimum: "1" },
    ...{ maximum: "", increment: "1", leadTimeDays: "3", lowStockAt: "", img: "/images/tools/a.svg" },
    priceBreaks: "",
    ...cells,
  };
  return toolCsvHeader.map((column) => row[column]);
}

describeEachDatabase(
  "catalog CSV export and import",
  (env) => {
    const people = usersAndAdmin(env);

    let wrenchId = "";
    beforeAll(async () => {
      const wrench = await insertTool(env.db, {
        sku: "TW-100",
        name: "Torque Wrench",
        description: 'Click-type, "1/2 inch" drive,\nwith a case.',
        priceCents: 89_50,
        available: 1800,
        minimum: 100,
        increment: 50,
        maximum: 1000,
      });
      wrenchId = wrench.id;
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
    const importTools = (file: string | Buffer) => importCatalogFile(env.app, people.admin, file);

    it("exports the catalog as a dated CSV download, formulas neutralised", async () => {
      const res = await exportTools();
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="tools-${today}.csv"`);
      const [header, wrench, formula] = rowsOf(res.body);
      expect(header).toEqual([...toolCsvHeader]);
      expect(wrench).toEqual([
        wrenchId,
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
        "",
      ]);
      expect(formula?.slice(1, 5)).toEqual([
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
        "",
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
        "",
      ];

      const res = await importTools(csvOf([...rows, added]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ created: 1, updated: 2, unchanged: 0, placeholderPhotoRows: [] });

      const [spark] = await env.db.select().from(tools).where(eq(tools.sku, "SP-9"));
      expect(rowsOf((await exportTools()).body)).toEqual([...rows, [spark?.id, ...added.slice(1)]]);
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
      const good = [...(rows[1] ?? [])];
      good[header.indexOf("price")] = "1.00";
      const bad = fileRow({ sku: "NEW-1", name: "Bad Tool", price: "abc", available: "100", minimum: "50" });
      const res = await importTools(csvOf([header, good, bad]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: "Nothing was imported: row 3 has problems",
        rows: [{ row: 3, messages: ["Price must be a number"] }],
      });
      expect((await exportTools()).body).toBe(before);
    });

    it.each([
      [
        "a SKU given twice",
        [fileRow({ sku: "DUP-1" }), fileRow({ sku: "DUP-1" })],
        "SKU DUP-1 is also on row 2",
      ],
      [
        "an id no tool has",
        [fileRow({ id: "1b4e28ba-2fa1-4d3b-a3f5-ef19a2c4e6b7" })],
        "No tool of the shop has the id 1b4e28ba-2fa1-4d3b-a3f5-ef19a2c4e6b7",
      ],
      ["an id that is not a tool's", [fileRow({ id: "12" })], "That is not a valid tool id"],
      ["a cell too many", [[...fileRow({}), "extra"]], "This row has 14 cells; the header line has 13"],
      [
        "a broken quote",
        [fileRow({ sku: "Q-1" }), ['"', "Q-2"]],
        'A quoted cell of this row is never closed: a " is missing',
      ],
    ])("refuses %s, naming the row", async (_, data, message) => {
      const text = csvOf([header, ...data]).replace('"""",Q-2', '",Q-2');
      const res = await importTools(text);
      expect(res.statusCode).toBe(400);
      expect(res.json().rows.at(-1).messages).toEqual([message]);
    });

    it("takes a SKU another tool of the file gives up, and refuses one a tool outside the file keeps", async () => {
      const [, wrench = [], formula = []] = rowsOf((await exportTools()).body);
      const sku = header.indexOf("sku");
      const swapped = [
        wrench.map((cell, i) => (i === sku ? (formula[sku] ?? "") : cell)),
        formula.map((cell, i) => (i === sku ? (wrench[sku] ?? "") : cell)),
      ];
      const swap = await importTools(csvOf([header, ...swapped]));
      expect(swap.statusCode, swap.body).toBe(200);
      const [afterSwap] = await env.db.select().from(tools).where(eq(tools.id, wrenchId));
      expect(afterSwap?.sku).toBe("=CMD-7");
      const back = await importTools(csvOf([header, wrench]));
      expect(back.json()).toEqual({
        error: "Nothing was imported: row 2 has problems",
        rows: [{ row: 2, messages: ["Another tool already has that SKU"] }],
      });
      expect((await importTools(csvOf([header, wrench, formula]))).statusCode).toBe(200);
    });

    it("refuses NUL and other control characters in a cell as the JSON API does, naming row and column", async () => {
      const res = await importTools(
        csvOf([
          header,
          fileRow({ sku: "C-1", description: "nul\u0000" }),
          fileRow({ sku: "C-2", name: "Bell\u0007" }),
        ]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().rows).toEqual([
        { row: 2, messages: ["description contains a control character (U+0000); remove it and try again"] },
        { row: 3, messages: ["name contains a control character (U+0007); remove it and try again"] },
      ]);
      const json = await call(env.app, "POST", "/api/service", people.admin, { name: "Bell\u0007" });
      expect(json.json().error).toBe(res.json().rows[1].messages[0]);
      expect(await env.db.$count(tools, inArray(tools.sku, ["C-1", "C-2"]))).toBe(0);
    });

    it("refuses a file that is not UTF-8 (Latin-1), naming the row; takes UTF-8 with a byte-order mark", async () => {
      const text = csvOf([header, fileRow({ sku: "L-1" }), fileRow({ sku: "L-2", name: "Café tool" })]);
      const latin1 = await importTools(Buffer.from(text, "latin1"));
      expect(latin1.statusCode).toBe(400);
      expect(latin1.json()).toEqual({
        error: "Nothing was imported: row 3 has problems",
        rows: [{ row: 3, messages: [notUtf8] }],
      });
      expect(notUtf8).toContain("Save the file as UTF-8");
      expect(await env.db.$count(tools, inArray(tools.sku, ["L-1", "L-2"]))).toBe(0);

      const withBom = await importTools(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
      expect(withBom.statusCode, withBom.body).toBe(200);
      const [cafe] = await env.db.select().from(tools).where(eq(tools.sku, "L-2"));
      expect(cafe?.name).toBe("Café tool");
    });

    it("tells each rule a cell breaks once, with the JSON API's message", async () => {
      const res = await importTools(csvOf([header, fileRow({ sku: "P-0", price: "0" })]));
      expect(res.json().rows).toEqual([{ row: 2, messages: ["Price must be more than 0"] }]);
      const json = await call(env.app, "POST", "/api/service", people.admin, {
        ...{
          name: "Tool",
          description: "D.",
          available: 10,
          minimum: 1,
          price: 0,
          img: "/images/tools/a.svg",
        },
      });
      expect(json.json()).toEqual({ error: "Price must be more than 0" });
    });

    it("gives a new tool without a photo the placeholder and says which rows; takes a photo uploaded here, by path or address", async () => {
      const uploaded = "/uploads/0123456789abcdef0123456789abcdef.webp";
      const res = await importTools(
        csvOf([
          header,
          fileRow({ name: "No Sku, no photo", img: "" }),
          fileRow({ sku: "PH-2", img: uploaded }),
        ]),
      );
      expect(res.json()).toEqual({ created: 2, updated: 0, unchanged: 0, placeholderPhotoRows: [2] });
      const added = await env.db
        .select({ sku: tools.sku, img: tools.img })
        .from(tools)
        .where(inArray(tools.name, ["No Sku, no photo"]));
      expect(added).toEqual([{ sku: null, img: "/images/tools/placeholder.svg" }]);
      const [photo] = await env.db.select().from(tools).where(eq(tools.sku, "PH-2"));
      expect(photo?.img).toBe(uploaded);

      // Its address as the browser shows it on this shop is taken as the photo; another site's is not.
      const copied = await importTools(
        csvOf([header, fileRow({ sku: "PH-3", img: `${testOrigin}${uploaded}` })]),
      );
      expect(copied.statusCode, copied.body).toBe(200);
      const [third] = await env.db.select().from(tools).where(eq(tools.sku, "PH-3"));
      expect(third?.img).toBe(uploaded);
      const remote = await importTools(
        csvOf([header, fileRow({ sku: "PH-4", img: `https://elsewhere.example${uploaded}` })]),
      );
      expect(remote.json().rows).toEqual([{ row: 2, messages: ["Upload the photo here first"] }]);
    });

    it("six imports at once of one new SKU: each 200 or 409, one tool", async () => {
      const file = csvOf([header, fileRow({ sku: "RACE-1", name: "Raced tool" })]);
      const answers = await Promise.all(Array.from({ length: 6 }, () => importTools(file)));
      for (const answer of answers) {
        expect([200, 409], answer.body).toContain(answer.statusCode);
        expect(answer.json()).toEqual(answer.statusCode === 200 ? expect.any(Object) : { error: importRace });
      }
      expect(await env.db.$count(tools, eq(tools.sku, "RACE-1"))).toBe(1);
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

describeEachDatabase(
  "the demo catalog's own export imports back",
  (env) => {
    const people = usersAndAdmin(env);
    beforeAll(() => seedDemoData(env.db));

    it("export, then import of the unchanged file, changes nothing (sold-out tools, tools without SKU)", async () => {
      const catalog = () => env.db.select().from(tools).orderBy(tools.id);
      const before = await catalog();
      expect(before.some((t) => t.available === 0)).toBe(true);
      expect(before.some((t) => t.sku === null)).toBe(true);
      const movements = await env.db.$count(stockMovements);

      const file = await call(env.app, "GET", "/api/export/tools.csv", people.admin);
      const res = await importCatalogFile(env.app, people.admin, file.body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        created: 0,
        updated: 0,
        unchanged: before.length,
        placeholderPhotoRows: [],
      });
      expect(await catalog()).toEqual(before);
      expect(await env.db.$count(stockMovements)).toBe(movements);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
