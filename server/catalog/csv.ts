import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import Papa from "papaparse";
import { type NewTool, newToolSchema } from "#contract/catalog";
import { dollarsToCents } from "#contract/money";
import type { Db, Tx } from "#server/db/database";
import { restoreFormula } from "#server/http/csv";
import { adjustStock, recordInitialStock } from "./stock";
import { tools } from "./tables";

// The catalog as CSV (GET /api/export/tools.csv) and back (POST /api/import/tools): tools are
// matched by their SKU; every row is checked with the rules of adding a tool (newToolSchema).

/** The catalog file's columns, in order; the names are the API's fields. */
export const toolCsvHeader = [
  "sku",
  "name",
  "description",
  "price",
  "available",
  "minimum",
  "maximum",
  "increment",
  "leadTimeDays",
  "lowStockAt",
  "img",
] as const;
type ToolCsvColumn = (typeof toolCsvHeader)[number];

/** The tools on sale, in catalog order, one CSV row each (price in dollars, empty for "none"). */
export async function toolExportRows(db: Db): Promise<unknown[][]> {
  const rows = await db
    .select()
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.name), asc(tools.id));
  return rows.map((t) => {
    const cells: Record<ToolCsvColumn, unknown> = {
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
    };
    return toolCsvHeader.map((column) => cells[column]);
  });
}

/** A row of the file that cannot be applied: its line number (the header is line 1) and why. */
export type RowProblem = { row: number; messages: string[] };

export type ImportResult =
  | { ok: true; created: number; updated: number }
  | { ok: false; error: string; rows: RowProblem[] };

/** Rows one import may hold: the whole file is validated and applied in one transaction. */
export const maxImportRows = 5_000;

type ValidRow = { row: number; tool: NewTool & { sku: string } };

/**
 * Creates or updates the tools of a CSV file by SKU, all rows or none: every row is checked first,
 * and any problem (including a SKU given twice or held by an archived tool) changes nothing. Stock
 * changes of existing tools go through the stock ledger (restock when it grows, correction when it
 * shrinks), new tools' stock is their initial movement.
 */
export async function importTools(db: Db, text: string, actorUserId: string): Promise<ImportResult> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
    transform: (value) => restoreFormula(value),
  });
  const columns = parsed.meta.fields ?? [];
  const unknown = columns.filter((c) => !(toolCsvHeader as readonly string[]).includes(c));
  const missing = ["sku", "name", "description", "price", "available", "minimum", "img"].filter(
    (c) => !columns.includes(c),
  );
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      missing.length > 0 ? `missing column(s) ${missing.join(", ")}` : "",
      unknown.length > 0 ? `unknown column(s) ${unknown.join(", ")}` : "",
    ].filter(Boolean);
    return { ok: false, error: `The file's header line has ${problems.join(" and ")}`, rows: [] };
  }
  if (parsed.data.length === 0) return { ok: false, error: "The file has no tools in it", rows: [] };
  if (parsed.data.length > maxImportRows) {
    return {
      ok: false,
      error: `Import at most ${maxImportRows.toLocaleString("en-US")} tools at a time`,
      rows: [],
    };
  }

  const problems = new Map<number, string[]>();
  const complain = (row: number, message: string) =>
    problems.set(row, [...(problems.get(row) ?? []), message]);
  for (const error of parsed.errors) {
    if (error.row !== undefined) complain(error.row + 2, error.message);
  }
  const valid: ValidRow[] = [];
  const seen = new Map<string, number>();
  for (const [index, cells] of parsed.data.entries()) {
    const row = index + 2;
    const result = newToolSchema.safeParse(cells);
    if (!result.success) {
      for (const issue of result.error.issues) complain(row, issue.message);
      continue;
    }
    const { sku } = result.data;
    const first = sku ? seen.get(sku.toLowerCase()) : undefined;
    if (!sku) complain(row, "SKU Required: tools are matched by their SKU");
    else if (first !== undefined) complain(row, `SKU ${sku} is also on row ${first}`);
    else {
      seen.set(sku.toLowerCase(), row);
      valid.push({ row, tool: { ...result.data, sku } });
    }
  }
  if (problems.size > 0) return failed(problems);

  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: tools.id, sku: tools.sku, available: tools.available, archivedAt: tools.archivedAt })
      .from(tools)
      .where(
        inArray(
          tools.sku,
          valid.map((v) => v.tool.sku),
        ),
      )
      .for("update");
    const bySku = new Map(existing.map((t) => [t.sku, t]));
    for (const { row, tool } of valid) {
      if (bySku.get(tool.sku)?.archivedAt)
        complain(row, `SKU ${tool.sku} belongs to a tool taken off the shop`);
    }
    if (problems.size > 0) return failed(problems);

    let created = 0;
    let updated = 0;
    for (const { tool } of valid) {
      const current = bySku.get(tool.sku);
      if (current) {
        await updateTool(tx, current.id, tool);
        const change = tool.available - current.available;
        if (change !== 0) {
          const reason = change > 0 ? "restock" : "correction";
          const done = await adjustStock(tx, current.id, { change, reason, note: "CSV import", actorUserId });
          if (typeof done === "string") throw new Error(`importTools: stock change refused (${done})`);
        }
        updated++;
      } else {
        const [added] = await tx
          .insert(tools)
          .values(toolRow(tool))
          .returning({ id: tools.id, available: tools.available });
        if (!added) throw new Error("importTools: insert returned no row");
        await recordInitialStock(tx, [added], actorUserId);
        created++;
      }
    }
    return { ok: true as const, created, updated };
  });
}

function failed(problems: Map<number, string[]>): ImportResult {
  const rows = [...problems].sort(([a], [b]) => a - b).map(([row, messages]) => ({ row, messages }));
  const list = rows.map((r) => r.row).join(", ");
  return {
    ok: false,
    error: `Nothing was imported: ${rows.length === 1 ? "row" : "rows"} ${list} ${rows.length === 1 ? "has" : "have"} problems`,
    rows,
  };
}

function toolRow(tool: NewTool & { sku: string }) {
  const priceCents = dollarsToCents(tool.price);
  if (priceCents === undefined) throw new Error("importTools: price has more than two decimals");
  return {
    sku: tool.sku,
    name: tool.name,
    description: tool.description,
    img: tool.img,
    priceCents,
    available: tool.available,
    minimum: tool.minimum,
    maximum: tool.maximum ?? null,
    increment: tool.increment,
    leadTimeDays: tool.leadTimeDays,
    lowStockAt: tool.lowStockAt ?? null,
  };
}

/** Everything of an existing tool but its stock, which changes only through the ledger. */
async function updateTool(tx: Tx, id: string, tool: NewTool & { sku: string }): Promise<void> {
  const { available: _, ...fields } = toolRow(tool);
  await tx
    .update(tools)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)));
}
