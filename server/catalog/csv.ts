import { asc, isNull } from "drizzle-orm";
import { priceBreaksCell } from "#contract/price-breaks";
import type { Db } from "#server/db/database";
import { applyToolRows } from "./csv-apply";
import { readCsvFile } from "./csv-file";
import { checkFileRows, type RowProblem, type ToolCsvColumn, toolCsvHeader } from "./csv-rows";
import { breaksInDollars } from "./pricing";
import { tools } from "./tables";

// The catalog as CSV (GET /api/export/tools.csv) and back (POST /api/import/tools): a row is a
// tool of the shop by its id, else by its SKU, else a new tool. An existing tool's row is checked
// with the rules of a listed tool (listedToolSchema: sold out is fine), a new one's with the rules of
// adding one (newToolSchema), so the file and the JSON API say the same things.

/**
 * The tools on sale, in catalog order, one CSV row each (price in dollars, empty for "none"; the
 * price breaks in one cell, "500:5.90|2000:5.40").
 */
export async function toolExportRows(db: Db): Promise<unknown[][]> {
  const rows = await db
    .select()
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.name), asc(tools.id));
  return rows.map((t) => {
    const cells: Record<ToolCsvColumn, unknown> = {
      id: t.id,
      sku: t.sku ?? "",
      name: t.name,
      description: t.description,
      price: (t.priceCents / 100).toFixed(2),
      available: t.available,
      minimum: t.minimum,
      maximum: t.maximum ?? "",
      increment: t.increment,
      leadTimeDays: t.leadTimeDays,
      lowStockAt: t.lowStockAt ?? "",
      img: t.img,
      priceBreaks: priceBreaksCell(breaksInDollars(t.priceBreaks)),
    };
    return toolCsvHeader.map((column) => cells[column]);
  });
}

export { toolCsvHeader };

export type ImportResult =
  | { ok: true; created: number; updated: number; unchanged: number; placeholderPhotoRows: number[] }
  | { ok: false; error: string; rows: RowProblem[] };

/** Rows one import may hold: the whole file is validated and applied in one transaction. */
export const maxImportRows = 5_000;

/** The columns a file may leave out: `id` (our export's) and the fields with a default or none. */
const optionalColumns: readonly ToolCsvColumn[] = [
  "id",
  "maximum",
  "increment",
  "leadTimeDays",
  "lowStockAt",
  "priceBreaks",
];
const requiredColumns = toolCsvHeader.filter((c) => !optionalColumns.includes(c));

/**
 * Creates or updates the tools of a CSV file, all rows or none: every row is checked first, and any
 * problem changes nothing. Stock changes of existing tools go through the stock ledger (restock when
 * it grows, correction when it shrinks), new tools' stock is their initial movement; a row that
 * changes nothing writes nothing. A photo's address on one of `shopOrigins` is taken as its path.
 */
export async function importTools(
  db: Db,
  file: Buffer,
  actorUserId: string,
  shopOrigins: readonly string[] = [],
): Promise<ImportResult> {
  const csv = readCsvFile(file);
  if (!csv.ok) return failed([{ row: csv.row, messages: [csv.message] }]);
  const { header } = csv;
  const unknown = header.filter((c) => !(toolCsvHeader as readonly string[]).includes(c));
  const missing = requiredColumns.filter((c) => !header.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      missing.length > 0 ? `missing column(s) ${missing.join(", ")}` : "",
      unknown.length > 0 ? `unknown column(s) ${unknown.join(", ")}` : "",
    ].filter(Boolean);
    return { ok: false, error: `The file's header line has ${problems.join(" and ")}`, rows: [] };
  }
  const filled = csv.rows.filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  if (filled.length === 0) return { ok: false, error: "The file has no tools in it", rows: [] };
  if (filled.length > maxImportRows) {
    return {
      ok: false,
      error: `Import at most ${maxImportRows.toLocaleString("en-US")} tools at a time`,
      rows: [],
    };
  }
  const checked = checkFileRows(header, filled, shopOrigins);
  if (!checked.ok) return failed(checked.problems);
  const applied = await applyToolRows(db, checked.rows, actorUserId);
  return applied.ok ? applied : failed(applied.problems);
}

function failed(problems: RowProblem[]): ImportResult {
  const rows = [...problems].sort((a, b) => a.row - b.row);
  const list = rows.map((r) => r.row).join(", ");
  return {
    ok: false,
    error: `Nothing was imported: ${rows.length === 1 ? "row" : "rows"} ${list} ${rows.length === 1 ? "has" : "have"} problems`,
    rows,
  };
}
