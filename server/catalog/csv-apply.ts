import { asc, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { listedToolSchema, newToolSchema } from "#contract/catalog";
import { parsePriceBreaksCell } from "#contract/price-breaks";
import type { Db, Tx } from "#server/db/database";
import { isPgError } from "#server/db/errors";
import { conflict, describeZodIssue } from "#server/http/errors";
import type { RowProblem, ToolFileRow } from "./csv-rows";
import { sameBreaks } from "./pricing";
import { skuTaken, toolRowOf } from "./service";
import { adjustStock, insertToolsWithStock } from "./stock";
import { tools } from "./tables";

/** The photo of a new tool whose row leaves `img` empty, until an admin gives it one (Edit). */
export const placeholderToolImage = "/images/tools/placeholder.svg";

type ToolRow = typeof tools.$inferSelect;
type ToolValues = ReturnType<typeof toolRowOf>;
type Change =
  | { row: number; values: ToolValues; current: ToolRow }
  | { row: number; values: ToolValues; current: undefined; placeholderPhoto: boolean };

export type Applied =
  | { ok: true; created: number; updated: number; unchanged: number; placeholderPhotoRows: number[] }
  | { ok: false; problems: RowProblem[] };

/** Tries of an import that met another one adding the same new SKU (PostgreSQL's unique index). */
const attempts = 3;

export const importRace =
  "Another import or edit changed the same tools at the same time; import the file again";

/**
 * Applies checked rows in one transaction, their tools locked: all rows or, on any problem, none.
 * An import that adds a SKU another one added meanwhile starts again, and then finds that tool.
 */
export async function applyToolRows(
  db: Db,
  rows: readonly ToolFileRow[],
  actorUserId: string,
): Promise<Applied> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => applyInTransaction(tx, rows, actorUserId));
    } catch (err) {
      if (!isPgError(err, "uniqueViolation")) throw err;
      if (attempt === attempts) throw conflict(importRace);
    }
  }
}

async function applyInTransaction(
  tx: Tx,
  rows: readonly ToolFileRow[],
  actorUserId: string,
): Promise<Applied> {
  const found = await lockTools(tx, rows);
  const planned = planChanges(rows, found);
  if (!planned.ok) return planned;
  const { changes } = planned;

  // A SKU may move from one tool of the file to another: the tools giving theirs up do so first.
  const losingSku = changes.flatMap((c) =>
    c.current?.sku != null && c.current.sku !== c.values.sku ? [c.current.id] : [],
  );
  if (losingSku.length > 0) await tx.update(tools).set({ sku: null }).where(inArray(tools.id, losingSku));

  const existing = changes.flatMap((c) => (c.current ? [{ current: c.current, values: c.values }] : []));
  const edited = existing.filter(({ current, values }) => fieldsDiffer(current, values));
  await updateFields(tx, edited);
  const editedIds = new Set(edited.map((e) => e.current.id));
  let restocked = 0;
  for (const { current, values } of existing) {
    if (current.available === values.available) continue;
    await adjustToFileStock(tx, current, values.available, actorUserId);
    if (!editedIds.has(current.id)) restocked++;
  }
  const updated = edited.length + restocked;
  const unchanged = existing.length - updated;
  const added = changes.filter((c) => !c.current);
  // In SKU order, so that imports adding the same SKUs wait for each other instead of deadlocking.
  added.sort((a, b) => (a.values.sku ?? "\uffff").localeCompare(b.values.sku ?? "\uffff"));
  await insertToolsWithStock(
    tx,
    added.map((c) => c.values),
    actorUserId,
  );
  const placeholderPhotoRows = added
    .flatMap((c) => (!c.current && c.placeholderPhoto ? [c.row] : []))
    .sort((a, b) => a - b);
  return { ok: true, created: added.length, updated, unchanged, placeholderPhotoRows };
}

/** The tools the rows name by id or SKU, locked in id order (imports never wait on each other in a circle). */
function lockTools(tx: Tx, rows: readonly ToolFileRow[]): Promise<ToolRow[]> {
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  const skus = rows.flatMap((r) => (r.sku ? [r.sku] : []));
  const named = [
    ...(ids.length > 0 ? [inArray(tools.id, ids)] : []),
    ...(skus.length > 0 ? [inArray(tools.sku, skus)] : []),
  ];
  if (named.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(tools)
    .where(or(...named))
    .orderBy(asc(tools.id))
    .for("update");
}

/** Each row's tool and its values after the import, checked; or every row's problems. */
function planChanges(
  rows: readonly ToolFileRow[],
  found: readonly ToolRow[],
): { ok: true; changes: Change[] } | { ok: false; problems: RowProblem[] } {
  const byId = new Map(found.map((t) => [t.id, t]));
  const bySku = new Map(found.flatMap((t) => (t.sku === null ? [] : [[t.sku, t] as const])));
  const rowOfTool = new Map<string, number>();
  const problems: RowProblem[] = [];
  const changes: Change[] = [];
  for (const r of rows) {
    const current = r.id ? byId.get(r.id) : r.sku ? bySku.get(r.sku) : undefined;
    const refusal = refuseTarget(r, current, rowOfTool);
    if (refusal) {
      problems.push({ row: r.row, messages: [refusal] });
      continue;
    }
    if (current) rowOfTool.set(current.id, r.row);
    const placeholderPhoto = !current && !r.cells.img?.trim();
    const breaks = parsePriceBreaksCell(r.cells.priceBreaks ?? "");
    if ("error" in breaks) {
      problems.push({ row: r.row, messages: [breaks.error] });
      continue;
    }
    const input = {
      ...r.cells,
      ...(placeholderPhoto ? { img: placeholderToolImage } : {}),
      priceBreaks: breaks,
    };
    const result = (current ? listedToolSchema : newToolSchema).safeParse(input);
    if (!result.success) {
      problems.push({ row: r.row, messages: oneMessagePerField(result.error.issues) });
      continue;
    }
    const values = toolRowOf(result.data);
    changes.push(
      current ? { row: r.row, values, current } : { row: r.row, values, current, placeholderPhoto },
    );
  }
  // A SKU another tool keeps (one not in the file, or not giving it up) cannot be taken.
  const keepsSku = (t: ToolRow) => {
    const own = changes.find((c) => c.current?.id === t.id);
    return !own || own.values.sku === t.sku;
  };
  for (const c of changes) {
    const holder = c.values.sku ? bySku.get(c.values.sku) : undefined;
    if (!holder || holder.id === c.current?.id || !keepsSku(holder)) continue;
    const message = holder.archivedAt ? `SKU ${holder.sku} belongs to a tool taken off the shop` : skuTaken;
    problems.push({ row: c.row, messages: [message] });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

function refuseTarget(
  r: ToolFileRow,
  current: ToolRow | undefined,
  rowOfTool: ReadonlyMap<string, number>,
): string | undefined {
  if (r.id && !current) return `No tool of the shop has the id ${r.id}`;
  if (current?.archivedAt) {
    return r.id
      ? `The tool ${r.id} was taken off the shop`
      : `SKU ${r.sku} belongs to a tool taken off the shop`;
  }
  const other = current && rowOfTool.get(current.id);
  return other ? `This row's tool is also on row ${other}` : undefined;
}

/** The first problem of each field, so a field breaking two rules at once is told once. */
function oneMessagePerField(issues: readonly z.ZodError["issues"][number][]): string[] {
  const told = new Set<string>();
  return issues.flatMap((issue) => {
    const field = issue.path.join(".");
    if (told.has(field)) return [];
    told.add(field);
    return [describeZodIssue(issue)];
  });
}

/** Whether the row changes any field of the tool but its stock. */
function fieldsDiffer(current: ToolRow, values: ToolValues): boolean {
  const { available: _, priceBreaks, ...fields } = values;
  return (
    !sameBreaks(priceBreaks, current.priceBreaks) ||
    (Object.keys(fields) as (keyof typeof fields)[]).some((k) => fields[k] !== current[k])
  );
}

/** Every edited tool's fields but its stock, in one statement (5,000 statements took 40 s on PGlite). */
async function updateFields(tx: Tx, edited: readonly { current: ToolRow; values: ToolValues }[]) {
  if (edited.length === 0) return;
  const rows = edited.map(
    ({ current, values: v }) =>
      sql`(${current.id}::uuid, ${v.name}, ${v.description}, ${v.img}, ${v.priceCents}::integer, ${v.minimum}::integer, ${v.maximum}::integer, ${v.increment}::integer, ${v.leadTimeDays}::integer, ${v.sku}, ${v.lowStockAt}::integer, ${JSON.stringify(v.priceBreaks)}::jsonb)`,
  );
  await tx.execute(sql`
    update ${tools} set name = v.name, description = v.description, img = v.img,
      price_cents = v.price_cents, minimum = v.minimum, maximum = v.maximum, increment = v.increment,
      lead_time_days = v.lead_time_days, sku = v.sku, low_stock_at = v.low_stock_at,
      price_breaks = v.price_breaks, updated_at = now()
    from (values ${sql.join(rows, sql`, `)})
      as v(id, name, description, img, price_cents, minimum, maximum, increment, lead_time_days, sku, low_stock_at, price_breaks)
    where ${tools.id} = v.id`);
}

/** The tool's stock brought to the file's through the ledger: a restock or a correction. */
async function adjustToFileStock(tx: Tx, current: ToolRow, available: number, actorUserId: string) {
  const change = available - current.available;
  const reason = change > 0 ? "restock" : "correction";
  const done = await adjustStock(tx, current.id, { change, reason, note: "CSV import", actorUserId });
  if (typeof done === "string") throw new Error(`importTools: stock change refused (${done})`);
}
