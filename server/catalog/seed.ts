import { count, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { insertToolsWithStock } from "./stock";
import { tools } from "./tables";

/** A tool as it is first stored (what the demo seed adds). */
export type NewToolRow = typeof tools.$inferInsert;

/**
 * Adds the tools whose names the catalog does not have yet, each with its stock's first movement;
 * answers how many it added. Call it in a transaction.
 */
export async function addMissingTools(db: Db | Tx, list: readonly NewToolRow[]): Promise<number> {
  const existing = await db
    .select({ name: tools.name })
    .from(tools)
    .where(
      inArray(
        tools.name,
        list.map((t) => t.name),
      ),
    );
  const have = new Set(existing.map((t) => t.name));
  const missing = list.filter((t) => !have.has(t.name));
  await insertToolsWithStock(db, missing, null);
  return missing.length;
}

/** True when the shop has never had a tool: the first start of a new database. */
export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tools);
  return (row?.n ?? 0) === 0;
}
