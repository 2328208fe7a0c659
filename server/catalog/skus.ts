import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/database";
import { tools } from "./tables";

/**
 * The part numbers (SKUs) of these tools, archived ones included; a tool without one is left out.
 * The orders export asks catalog this, and never reads catalog's tables.
 */
export async function skusOf(db: Db, toolIds: readonly string[]): Promise<ReadonlyMap<string, string>> {
  if (toolIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tools.id, sku: tools.sku })
    .from(tools)
    .where(inArray(tools.id, [...new Set(toolIds)]));
  return new Map(rows.flatMap((r) => (r.sku === null ? [] : [[r.id, r.sku] as const])));
}
