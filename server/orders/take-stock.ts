import { sql } from "drizzle-orm";
import { reserveStock } from "#server/catalog/stock";
import type { Db } from "#server/db/database";
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
};

/**
 * Takes the stock and records the order and its first event in ONE statement (so one transaction).
 * The stock is taken by catalog's own statement (catalog/stock.ts `reserveStock`, the guard against
 * overselling), composed here as the first step of the WITH: one that would take the stock below
 * zero matches no row, so nothing is inserted. Being a single statement, the hot row is locked only
 * while PostgreSQL runs it, never across a round trip to this process. Product name and unit price
 * are copied from the row it locked. Undefined when the tool is archived or has fewer than
 * `quantity` pieces left.
 */
export async function placeOrderTakingStock(db: Db, o: NewOrder): Promise<OrderRow | undefined> {
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
    )
    select id, product_name, unit_price_cents, created_at from placed`);
  const [row] = (result as unknown as { rows: Placed[] }).rows;
  if (!row) return undefined;
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
