import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { orderNowMinimumStock } from "#contract/lot-rules";
import type { PageQuery } from "#contract/pagination";
import type { ManualStockReason, StockMovement } from "#contract/stock";
import type { Db, Tx } from "#server/db/database";
import { type Page, readPage } from "#server/db/paging";
import { lowStockCrossed } from "./low-stock";
import { stockMovements, tools } from "./tables";

// The one module that changes a tool's stock (`tools.available`): every change writes its movement
// (stock_movements) in the same statement or transaction, so a tool's movements sum to its stock.
// Other domains (orders) take and give back stock only through these functions.

/**
 * What the lot rules need of a tool on sale (contract/lot-rules.ts), with its price; no row when
 * no tool on sale has that id. A query, so it can be awaited or rendered (bench/orders.ts).
 */
export function lotOf(db: Db, toolId: string) {
  return db
    .select({
      id: tools.id,
      name: tools.name,
      priceCents: tools.priceCents,
      lowStockAt: tools.lowStockAt,
      minimum: tools.minimum,
      maximum: tools.maximum,
      increment: tools.increment,
      available: tools.available,
      leadTimeDays: tools.leadTimeDays,
    })
    .from(tools)
    .where(and(eq(tools.id, toolId), isNull(tools.archivedAt)));
}

/**
 * Takes `quantity` pieces of a tool on sale, as one data-modifying statement to put in the caller's
 * `WITH` clause under the name `reserved` (`with reserved as (${reserveStock(…)}), placed as (insert
 * … select … from reserved returning id), moved as (${reservationMovement(…)}) …`), so that taking the
 * stock, recording what it was taken for and its movement are ONE statement: concurrent takers queue
 * on the tool's row only while PostgreSQL runs it, never across a round trip to Node. The conditional
 * UPDATE is the guard against overselling and the shop's ordering rule: when the tool is archived,
 * has fewer than `quantity` pieces left or less than Order Now needs, it matches no row. Returns the
 * row it took from as `id`, `name`, `price_cents`, `available` (after), `low_stock_at`, `sku`. With
 * `priceCents`, only at that price (what the buyer was shown; a changed price matches no row).
 */
export function reserveStock(toolId: string, quantity: number, priceCents?: number): SQL {
  const atPrice = priceCents === undefined ? sql`` : sql` and price_cents = ${priceCents}`;
  return sql`update ${tools} set available = available - ${quantity}
      where id = ${toolId} and archived_at is null
        and available >= greatest(${quantity}::integer, ${orderNowMinimumStock}::integer)${atPrice}
      returning id, name, price_cents, available, low_stock_at, sku`;
}

/**
 * The movement of a reservation, for the same `WITH` as `reserveStock`: needs the CTEs `reserved`
 * (reserveStock) and `placed` (the order, with its `id`). Returns the movement's `id`.
 */
export function reservationMovement(quantity: number, actorUserId: string): SQL {
  return sql`insert into ${stockMovements} (tool_id, change, stock_after, reason, order_id, actor_user_id)
      select reserved.id, ${-quantity}::integer, reserved.available, 'order', placed.id, ${actorUserId}
      from reserved cross join placed
      returning id`;
}

export type StockAfterChange = {
  id: string;
  name: string;
  sku: string | null;
  available: number;
  lowStockAt: number | null;
};

/**
 * Tells admins when a change of `change` pieces took the tool's stock from above its low-stock level
 * to or below it (one message per crossing: `movementId` names it), in the caller's transaction.
 */
export async function afterStockChange(
  tx: Db | Tx,
  tool: StockAfterChange,
  change: number,
  movementId: string,
): Promise<void> {
  const { lowStockAt, available } = tool;
  if (lowStockAt === null || available > lowStockAt || available - change <= lowStockAt) return;
  await lowStockCrossed(tx, tool, movementId);
}

/**
 * Gives `quantity` pieces of an order back to its tool (the order cancelled, by an admin or by the
 * unpaid-order expiry), with its movement, in one statement in the caller's transaction.
 */
export async function releaseStock(
  tx: Tx,
  release: { toolId: string; quantity: number; orderId: string; actorUserId: string | null },
): Promise<void> {
  await tx.execute(sql`
    with released as (
      update ${tools} set available = available + ${release.quantity}
      where id = ${release.toolId}
      returning id, available
    )
    insert into ${stockMovements} (tool_id, change, stock_after, reason, order_id, actor_user_id)
    select id, ${release.quantity}::integer, available, 'release', ${release.orderId}, ${release.actorUserId}
    from released`);
}

/**
 * Adds tools to the shop, each with its stock's first movement ("initial"): the one way a tool
 * comes in (the admin's form, a CSV import, the seed), so `available` is written only here. In the
 * caller's transaction when it gives one.
 */
export async function insertToolsWithStock(
  tx: Db | Tx,
  values: readonly (typeof tools.$inferInsert)[],
  actorUserId: string | null,
): Promise<{ id: string; available: number }[]> {
  if (values.length === 0) return [];
  const added = await tx
    .insert(tools)
    .values([...values])
    .returning({ id: tools.id, available: tools.available });
  const rows = added
    .filter((t) => t.available > 0)
    .map((t) => ({
      toolId: t.id,
      change: t.available,
      stockAfter: t.available,
      reason: "initial" as const,
      actorUserId,
    }));
  if (rows.length > 0) await tx.insert(stockMovements).values(rows);
  return added;
}

export type StockAdjustment = {
  change: number;
  reason: ManualStockReason;
  note: string | undefined;
  actorUserId: string;
};

/**
 * An admin's restock, correction or write-off of a tool on sale, with its movement, in one
 * transaction (the tool's row locked); "negative" when it would take the stock below 0.
 */
export function adjustStock(
  db: Db | Tx,
  toolId: string,
  adjustment: StockAdjustment,
): Promise<{ movement: StockMovement; available: number } | "not-found" | "negative"> {
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ available: tools.available })
      .from(tools)
      .where(and(eq(tools.id, toolId), isNull(tools.archivedAt)))
      .for("update");
    if (!tool) return "not-found";
    if (tool.available + adjustment.change < 0) return "negative";
    const [after] = await tx
      .update(tools)
      .set({ available: sql`${tools.available} + ${adjustment.change}`, updatedAt: new Date() })
      .where(eq(tools.id, toolId))
      .returning({
        id: tools.id,
        name: tools.name,
        sku: tools.sku,
        available: tools.available,
        lowStockAt: tools.lowStockAt,
      });
    if (!after) throw new Error("adjustStock: the locked tool is gone");
    const [movement] = await tx
      .insert(stockMovements)
      .values({
        toolId,
        change: adjustment.change,
        stockAfter: after.available,
        reason: adjustment.reason,
        note: adjustment.note ?? null,
        actorUserId: adjustment.actorUserId,
      })
      .returning();
    if (!movement) throw new Error("adjustStock: insert returned no row");
    await afterStockChange(tx, after, adjustment.change, movement.id);
    return { movement: toApiMovement(movement), available: after.available };
  });
}

function toApiMovement(row: typeof stockMovements.$inferSelect): StockMovement {
  return {
    id: row.id,
    change: row.change,
    stockAfter: row.stockAfter,
    reason: row.reason,
    orderId: row.orderId,
    actorUserId: row.actorUserId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of a tool's movements, newest first. */
export async function listMovements(db: Db, toolId: string, q: PageQuery): Promise<Page<StockMovement>> {
  const own = eq(stockMovements.toolId, toolId);
  const { items, total } = await readPage(
    db
      .select()
      .from(stockMovements)
      .where(own)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id)),
    db.$count(stockMovements, own),
    q,
  );
  return { items: items.map(toApiMovement), total };
}
