import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { tools } from "./tables";

// The one place a tool's stock is read for an order and changed: other domains (orders) take and
// give back stock only through these functions, each inside the caller's statement or transaction.

/**
 * What the lot rules need of a tool on sale (contract/lot-rules.ts), with its price; no row when
 * no tool on sale has that id. A query, so it can be awaited or rendered (bench/orders.ts).
 */
export function lotOf(db: Db, toolId: string) {
  return db
    .select({
      id: tools.id,
      priceCents: tools.priceCents,
      minimum: tools.minimum,
      maximum: tools.maximum,
      increment: tools.increment,
      available: tools.available,
    })
    .from(tools)
    .where(and(eq(tools.id, toolId), isNull(tools.archivedAt)));
}

/**
 * Takes `quantity` pieces of a tool on sale, as one data-modifying statement to put in the caller's
 * `WITH` clause (`with reserved as (${reserveStock(…)}) insert … select … from reserved`), so that
 * taking the stock and recording what it was taken for are ONE statement: concurrent takers queue on
 * the tool's row only while PostgreSQL runs it, never across a round trip to Node. The conditional
 * UPDATE is the guard against overselling: when the tool is archived or has fewer than `quantity`
 * pieces left it matches no row. Returns the row it took from as `id`, `name`, `price_cents`.
 */
export function reserveStock(toolId: string, quantity: number): SQL {
  return sql`update ${tools} set available = available - ${quantity}
      where id = ${toolId} and archived_at is null and available >= ${quantity}
      returning id, name, price_cents`;
}

/** Gives `quantity` pieces back to a tool (an order cancelled), in the caller's transaction. */
export async function releaseStock(tx: Tx, toolId: string, quantity: number): Promise<void> {
  await tx
    .update(tools)
    .set({ available: sql`${tools.available} + ${quantity}` })
    .where(eq(tools.id, toolId));
}
