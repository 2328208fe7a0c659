import { sql } from "drizzle-orm";
import { afterStockChange, reservationMovement, reserveStock } from "#server/catalog/stock";
import type { Db, Tx } from "#server/db/database";
import type { OrderRow } from "./order-view";
import { orderEvents, orders } from "./tables";

export type NewOrder = {
  toolId: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  neededBy: string;
  quantity: number;
};

type Placed = {
  id: string;
  product_name: string;
  unit_price_cents: number;
  created_at: Date | string;
  tool_sku: string | null;
  stock_after: number;
  low_stock_at: number | null;
  movement_id: string;
};

/**
 * Takes the stock and records the order, its first event and the stock movement in ONE statement
 * (so one transaction). The stock is taken by catalog's own statements (catalog/stock.ts
 * `reserveStock`, the guard against overselling and the ordering rule, and `reservationMovement`),
 * composed here into the WITH: one that would take the stock below zero, or order a tool below what
 * Order Now needs, matches no row, so nothing is inserted. Being a single statement, the hot row is locked only
 * while PostgreSQL runs it, never across a round trip to this process. Product name and unit price
 * are copied from the row it locked. Undefined when the tool is archived or has fewer than
 * `quantity` pieces left.
 */
export async function placeOrderTakingStock(db: Db | Tx, o: NewOrder): Promise<OrderRow | undefined> {
  const result = await db.execute(sql`
    with reserved as (
      ${reserveStock(o.toolId, o.quantity)}
    ), placed as (
      insert into ${orders} (tool_id, user_id, name, email, phone, address, needed_by, product_name, unit_price_cents, quantity)
      select id, ${o.userId}, ${o.name}, ${o.email}, ${o.phone}, ${o.address}, ${o.neededBy}::date, name, price_cents, ${o.quantity}::integer
      from reserved
      returning id, product_name, unit_price_cents, created_at
    ), logged as (
      insert into ${orderEvents} (order_id, to_status, actor_user_id, note)
      select id, 'pending', ${o.userId}, 'Order placed' from placed
    ), moved as (
      ${reservationMovement(o.quantity, o.userId)}
    )
    select placed.id, product_name, unit_price_cents, created_at, reserved.sku as tool_sku,
      reserved.available as stock_after, reserved.low_stock_at, moved.id as movement_id
    from placed cross join reserved cross join moved`);
  const [row] = (result as unknown as { rows: Placed[] }).rows;
  if (!row) return undefined;
  // In the order's transaction when the caller gave one (orders/service.ts does).
  await afterStockChange(
    db,
    {
      id: o.toolId,
      name: row.product_name,
      sku: row.tool_sku,
      available: Number(row.stock_after),
      lowStockAt: row.low_stock_at === null ? null : Number(row.low_stock_at),
    },
    -o.quantity,
    row.movement_id,
  );
  const createdAt = new Date(row.created_at);
  return {
    ...o,
    id: row.id,
    productName: row.product_name,
    unitPriceCents: Number(row.unit_price_cents),
    status: "pending",
    transactionId: null,
    createdAt,
    updatedAt: createdAt,
  };
}
