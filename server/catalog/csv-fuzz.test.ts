import { stringify } from "csv-stringify/sync";
import { asc } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { hasControlCharacter } from "../http/json-body";
import { importCatalogFile } from "../test/csv-upload";
import { insertTool } from "../test/factories";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { maxImportRows, toolCsvHeader } from "./csv";
import { tools } from "./tables";

// Issue 22: catalog files with odd cells and odd bytes (NUL and other control characters, bytes that
// are not UTF-8, huge cells, formula-looking cells, broken quoting, random bytes). Every answer is
// 200 or a 4xx JSON {error}, never a 5xx; a refused file changes no tool, an accepted one applies
// every row; no stored text holds a control character or a replacement character. Deterministic:
// one seeded generator.

const seed = 0x0c5f_22;
const cellCases = 70;

/** xorshift32: the same cases on every run. */
function generator(start: number) {
  let state = start || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
}
type Generator = ReturnType<typeof generator>;

const randomBytes = (g: Generator, length: number) => Buffer.from(Array.from({ length }, () => g.int(256)));

/** Odd things to put in a cell: text, or raw bytes (which may not be UTF-8 at all). */
function oddCell(g: Generator): string | Buffer {
  const controls = [0, 1, 7, 8, 11, 12, 27, 31, 127, 0x85, 0x9f].map((c) => String.fromCharCode(c));
  const kinds: (() => string | Buffer)[] = [
    () => `a${g.pick(controls)}b`,
    () => g.pick(controls),
    () => Buffer.from([0x43, 0x61, 0x66, 0xe9]), // "Café" in Latin-1
    () => Buffer.from([g.pick([0x80, 0xc0, 0xc3, 0xe2, 0xf0, 0xff]), g.int(256)]),
    () => randomBytes(g, 1 + g.int(40)),
    () => "x".repeat(g.pick([121, 4001, 70_000])),
    () => "9".repeat(g.pick([10, 400])),
    () => g.pick(["=1+2", "+SUM(A1:A9)", "-5", "@cmd", "'=x", "''+y", "\t=1", "\r=1", '=HYPERLINK("x")']),
    () => g.pick(['"', '""', 'a"b', '"a"b', '"open', "a,b", "a\nb", "a\r\nb", "\r", "\n", ",,,"]),
    () => g.pick(["1e309", "NaN", "Infinity", "0x10", "-0", "1.005", "  12  ", "１２", "-1", "0", "3.5"]),
    () =>
      g.pick(["not-a-uuid", "1b4e28ba-2fa1-4d3b-a3f5-ef19a2c4e6b7", "00000000-0000-0000-0000-000000000000"]),
    () =>
      g.pick(["javascript:alert(1)", "../../etc/passwd", "/uploads/../x.webp", "https://evil.example/x.png"]),
    () => g.pick(["🔧 wrench", "\u202Eloot", "\uFEFFname", "  ", "", "sku with spaces", "S".repeat(65)]),
  ];
  return g.pick(kinds)();
}

/** The usual cells of a new tool, by column. */
function toolCells(sku: string, name: string): Record<(typeof toolCsvHeader)[number], string> {
  return {
    ...{ id: "", sku, name, description: "A fuzzed tool.", price: "4.50", available: "100", minimum: "10" },
    ...{ maximum: "", increment: "1", leadTimeDays: "3", lowStockAt: "", img: "/images/tools/piston.svg" },
    priceBreaks: "",
  };
}

/** A CSV line: each cell quoted by the rules, or (sometimes) written raw as it is. */
function line(g: Generator, cells: readonly (string | Buffer)[]): Buffer {
  const parts = cells.map((cell) => {
    if (Buffer.isBuffer(cell))
      return g.int(2) ? Buffer.concat([Buffer.from('"'), cell, Buffer.from('"')]) : cell;
    return Buffer.from(g.int(4) === 0 ? cell : stringify([[cell]]).replace(/\n$/, ""));
  });
  const joined: Buffer[] = [];
  for (const [i, part] of parts.entries()) joined.push(...(i > 0 ? [Buffer.from(",")] : []), part);
  return Buffer.concat([...joined, Buffer.from(g.pick(["\n", "\r\n"]))]);
}

describeEachDatabase(
  "catalog CSV import fuzz",
  (env) => {
    const people = usersAndAdmin(env);
    beforeAll(async () => {
      await insertTool(env.db, { sku: "FZ-KEEP", name: "Kept tool", available: 0, minimum: 10 });
    });

    const catalog = () => env.db.select().from(tools).orderBy(asc(tools.id));

    /** Imports `file`; a 4xx must be JSON {error} and leave `before` as it was; a 200 applies every row. */
    async function importAndCheck(file: Buffer, rows: number, label: string) {
      const before = await catalog();
      const res = await importCatalogFile(env.app, people.admin, file);
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
      expect(res.headers["content-type"], label).toMatch(/^application\/json/);
      const after = await catalog();
      if (res.statusCode === 200) {
        const { created, updated, unchanged } = res.json();
        expect(created + updated + unchanged, label).toBe(rows);
        expect(after.length, label).toBe(before.length + created);
      } else {
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(typeof res.json().error, label).toBe("string");
        expect(after, label).toEqual(before);
      }
      for (const t of after) {
        for (const text of [t.name, t.description, t.img, t.sku ?? ""]) {
          expect(
            hasControlCharacter(text) || text.includes("\uFFFD"),
            `${label}: stored ${JSON.stringify(text)}`,
          ).toBe(false);
        }
      }
      return res;
    }

    it("an odd cell in a file of three new tools: 200 with all three, or 4xx and nothing", async () => {
      const g = generator(seed);
      for (let i = 0; i < cellCases; i++) {
        const rows = [0, 1, 2].map((r) => Object.values(toolCells(`FZ-${i}-${r}`, `Fuzz ${i}.${r}`)));
        const row = g.int(rows.length);
        const column = g.int(toolCsvHeader.length);
        const cells: (string | Buffer)[][] = rows.map((r) => [...r]);
        const target = cells[row] as (string | Buffer)[];
        target[column] = oddCell(g);
        const file = Buffer.concat([line(g, toolCsvHeader), ...cells.map((r) => line(g, r))]);
        await importAndCheck(file, rows.length, `case ${i}: ${toolCsvHeader[column]} of row ${row + 2}`);
      }
    });

    it("odd whole files: empty, header only, random bytes, UTF-16, a NUL in the header, too many rows", async () => {
      const g = generator(seed + 1);
      const header = Buffer.from(`${toolCsvHeader.join(",")}\n`);
      const one = Buffer.from(`${Object.values(toolCells("FZ-W", "Whole")).join(",")}\n`);
      const many = Buffer.from(
        `${Object.values(toolCells("", "Many")).join(",")}\n`.repeat(maxImportRows + 1),
      );
      const files: [string, Buffer][] = [
        ["empty", Buffer.alloc(0)],
        ["byte-order mark only", Buffer.from([0xef, 0xbb, 0xbf])],
        ["header only", header],
        ["UTF-16", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}${one}`, "utf16le")])],
        ["NUL in the header", Buffer.concat([Buffer.from("sku\0,"), header, one])],
        ["too many rows", Buffer.concat([header, many])],
        ...Array.from({ length: 12 }, (_, i): [string, Buffer] => [
          `random ${i}`,
          randomBytes(g, 1 + g.int(3000)),
        ]),
        ...Array.from({ length: 6 }, (_, i): [string, Buffer] => [
          `header then random ${i}`,
          Buffer.concat([header, randomBytes(g, 1 + g.int(600))]),
        ]),
      ];
      for (const [label, file] of files) {
        const res = await importAndCheck(file, 0, label);
        expect(res.statusCode, label).not.toBe(200);
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
