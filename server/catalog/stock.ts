import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { orderNowMinimumStock } from "#contract/lot-rules";
import type { PageQuery } from "#contract/pagination";
import type { ManualStockReason, StockMovement } from "#contract/stock";
import { arrayParam } from "#server/db/arrays";
import type { Db, Tx } from "#server/db/database";
import { type Page, readPage } from "#server/db/paging";
import { lowStockCrossed } from "./low-stock";
import type { PriceBreakCents, PricedInCents } from "./pricing";
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
      priceBreaks: tools.priceBreaks,
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
 * `pricing`, only while the tool still has that price and those breaks (what the buyer was priced
 * at, pricing.ts `unitPriceCentsFor`; a changed price or break matches no row).
 */
export function reserveStock(toolId: string, quantity: number, pricing?: PricedInCents): SQL {
  const atPrice =
    pricing === undefined
      ? sql``
      : sql` and price_cents = ${pricing.priceCents} and price_breaks = ${JSON.stringify(pricing.priceBreaks)}::jsonb`;
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
 * Gives the pieces of every line of an order back to its tool (the order cancelled, by an admin or
 * by the unpaid-order expiry), a movement per line, in one statement in the caller's transaction.
 * A tool in two lines gets both back.
 */
export async function releaseStock(
  tx: Tx,
  release: {
    lines: readonly { toolId: string; quantity: number }[];
    orderId: string;
    actorUserId: string | null;
  },
): Promise<void> {
  // One change per tool (an UPDATE … FROM changes a row once), in tool-id order.
  const byTool = new Map<string, number>();
  for (const l of release.lines) byTool.set(l.toolId, (byTool.get(l.toolId) ?? 0) + l.quantity);
  if (byTool.size === 0) return;
  const given = sql.join(
    [...byTool].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, q]) => sql`(${id}::uuid, ${q}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    with given (tool_id, quantity) as (values ${given}),
    released as (
      update ${tools} set available = ${tools.available} + given.quantity
      from given
      where ${tools.id} = given.tool_id
      returning ${tools.id} as id, ${tools.available} as available, given.quantity as quantity
    )
    insert into ${stockMovements} (tool_id, change, stock_after, reason, order_id, actor_user_id)
    select id, quantity, available, 'release', ${release.orderId}::uuid, ${release.actorUserId}
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

/**
 * A tool as an order of several lines takes it, locked (lockToolsForOrder): its lot rules, price
 * and lead time, and its picture (a ToolLot, catalog/lots.ts: what the cart shows of it).
 */
export type LockedTool = {
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
  lowStockAt: number | null;
  leadTimeDays: number;
  archivedAt: Date | null;
};

/**
 * Locks these tools' rows for the rest of the caller's transaction, in tool-id order (two checkouts
 * sharing tools queue, never deadlock), and answers them by id as they are now. A checkout reads
 * and checks them, then `reserveLines` takes the stock, all under the same locks.
 */
export async function lockToolsForOrder(
  tx: Tx,
  toolIds: readonly string[],
): Promise<Map<string, LockedTool>> {
  if (toolIds.length === 0) return new Map();
  const rows = await tx
    .select({
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
      lowStockAt: tools.lowStockAt,
      leadTimeDays: tools.leadTimeDays,
      archivedAt: tools.archivedAt,
    })
    .from(tools)
    .where(sql`${tools.id} = any(${arrayParam([...new Set(toolIds)], "uuid")})`)
    .orderBy(asc(tools.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Takes every line's pieces for one order in ONE statement, each with its movement (reason
 * `order`, with the order's id), under the locks of `lockToolsForOrder`; then tells admins of each
 * low-stock crossing. The ordering rule guards each row as `reserveStock` does (on sale, stock >=
 * greatest(quantity, 500)): when a line cannot be taken, nothing is and the answer is false (the
 * caller rolls back its transaction).
 */
export async function reserveLines(
  tx: Tx,
  orderId: string,
  lines: readonly { toolId: string; quantity: number }[],
  actorUserId: string,
): Promise<boolean> {
  if (lines.length === 0) return true;
  const toolIds = arrayParam(
    lines.map((l) => l.toolId),
    "uuid",
  );
  const quantities = arrayParam(
    lines.map((l) => l.quantity),
    "integer",
  );
  const result = await tx.execute(sql`
    with wanted (tool_id, quantity) as (select * from unnest(${toolIds}, ${quantities})),
    reserved as (
      update ${tools} set available = ${tools.available} - wanted.quantity
      from wanted
      where ${tools.id} = wanted.tool_id and ${tools.archivedAt} is null
        and ${tools.available} >= greatest(wanted.quantity, ${orderNowMinimumStock}::integer)
      returning ${tools.id} as id, ${tools.name} as name, ${tools.sku} as sku, ${tools.available} as available,
        ${tools.lowStockAt} as low_stock_at, wanted.quantity as quantity
    ), moved as (
      insert into ${stockMovements} (tool_id, change, stock_after, reason, order_id, actor_user_id)
      select id, -quantity, available, 'order', ${orderId}::uuid, ${actorUserId} from reserved
      returning id, tool_id
    )
    select reserved.*, moved.id as movement_id from reserved join moved on moved.tool_id = reserved.id`);
  const taken = (
    result as unknown as {
      rows: {
        id: string;
        name: string;
        sku: string | null;
        available: number;
        low_stock_at: number | null;
        quantity: number;
        movement_id: string;
      }[];
    }
  ).rows;
  if (taken.length !== lines.length) return false;
  for (const t of taken) {
    await afterStockChange(
      tx,
      {
        id: t.id,
        name: t.name,
        sku: t.sku,
        available: Number(t.available),
        lowStockAt: t.low_stock_at === null ? null : Number(t.low_stock_at),
      },
      -Number(t.quantity),
      t.movement_id,
    );
  }
  return true;
}
