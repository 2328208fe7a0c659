import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import type { PriceBreakCents } from "./pricing";
import { tools } from "./tables";

// What a cart shows and checks of its tools, asked of catalog (the cart never reads `tools`): the
// lot rules (contract/lot-rules.ts), today's price and breaks (pricing.ts) and how the tool is shown.

const lotColumns = {
  id: tools.id,
  sku: tools.sku,
  name: tools.name,
  img: tools.img,
  priceCents: tools.priceCents,
  priceBreaks: tools.priceBreaks,
  minimum: tools.minimum,
  maximum: tools.maximum,
  increment: tools.increment,
  available: tools.available,
  leadTimeDays: tools.leadTimeDays,
  archivedAt: tools.archivedAt,
};

/** A tool as a cart line needs it; `archivedAt` set: no longer sold. */
export type ToolLot = {
  id: string;
  sku: string | null;
  name: string;
  img: string;
  priceCents: number;
  priceBreaks: PriceBreakCents[];
  minimum: number;
  maximum: number | null;
  increment: number;
  available: number;
  leadTimeDays: number;
  archivedAt: Date | null;
};

/** These tools, archived ones included (a cart keeps a line of a tool taken off the shop), by id. */
export async function toolLotsOf(db: Db | Tx, toolIds: readonly string[]): Promise<Map<string, ToolLot>> {
  if (toolIds.length === 0) return new Map();
  const rows = await db
    .select(lotColumns)
    .from(tools)
    .where(inArray(tools.id, [...new Set(toolIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The tools on sale with these SKUs, in one query, by the SKU as given: matched exactly, else
 * regardless of case ("sp-100" finds SP-100) when that names one tool only.
 */
export async function toolLotsBySku(db: Db | Tx, skus: readonly string[]): Promise<Map<string, ToolLot>> {
  if (skus.length === 0) return new Map();
  const wanted = [...new Set(skus)];
  const upper = [...new Set(wanted.map((s) => s.toUpperCase()))];
  const rows = await db
    .select(lotColumns)
    .from(tools)
    .where(and(isNull(tools.archivedAt), inArray(sql`upper(${tools.sku})`, upper)));
  const exact = new Map<string, ToolLot>();
  const byUpper = new Map<string, ToolLot[]>();
  for (const row of rows) {
    if (row.sku === null) continue;
    exact.set(row.sku, row);
    const key = row.sku.toUpperCase();
    byUpper.set(key, [...(byUpper.get(key) ?? []), row]);
  }
  const found = new Map<string, ToolLot>();
  for (const sku of wanted) {
    const candidates = byUpper.get(sku.toUpperCase()) ?? [];
    const tool = exact.get(sku) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (tool) found.set(sku, tool);
  }
  return found;
}
