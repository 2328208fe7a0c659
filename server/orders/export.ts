import { and, asc, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { lotTotalCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { OrdersExportQuery } from "#contract/orders";
import { skusOf } from "#server/catalog/skus";
import type { Db } from "#server/db/database";
import { linesOf } from "./present-orders";
import { orders } from "./tables";

/** The orders export's columns, in order. Money in dollars with two decimals. */
export const orderExportHeader = [
  "order_id",
  "order_number",
  "placed_at",
  "updated_at",
  "needed_by",
  "buyer_name",
  "buyer_email",
  "phone",
  "address",
  "product",
  "sku",
  "quantity",
  "unit_price",
  "total",
  "status",
  "transaction_id",
] as const;

/** Orders read per query: the export holds one batch at a time, whatever the number of orders. */
const batchSize = 500;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The start of a day (UTC), computed by PostgreSQL: a JS Date of 10000-01-01 would not reach it. */
const startOf = (day: string, plusDays: 0 | 1) =>
  sql`(${day}::date + ${plusDays}::integer)::timestamp at time zone 'UTC'`;

function exportWhere({ status, from, to }: OrdersExportQuery): SQL | undefined {
  return and(
    status ? inArray(orders.status, status) : undefined,
    from ? gte(orders.createdAt, startOf(from, 0)) : undefined,
    to ? lt(orders.createdAt, startOf(to, 1)) : undefined,
  );
}

/**
 * Every order the query selects, oldest first, one CSV row per line (the order's columns repeated;
 * product, sku, quantity, unit_price and total are the line's: a one-line order's row is the order). Read in batches by keyset (the
 * last order's (created_at, id), compared in SQL so the timestamps keep their microseconds).
 */
export async function* orderExportRows(db: Db, query: OrdersExportQuery): AsyncGenerator<unknown[]> {
  const where = exportWhere(query);
  let lastId: string | undefined;
  for (;;) {
    const after = lastId
      ? sql`(${orders.createdAt}, ${orders.id}) > (select o.created_at, o.id from ${orders} o where o.id = ${lastId})`
      : undefined;
    const batch = await db
      .select()
      .from(orders)
      .where(and(where, after))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    const [skus, lines] = await Promise.all([
      skusOf(
        db,
        batch.map((o) => o.toolId),
      ),
      linesOf(
        db,
        batch.map((o) => o.id),
      ),
    ]);
    for (const o of batch) {
      const own = lines.get(o.id);
      // An order without stored lines (none since migration 0017) is its own line.
      for (const line of own ?? [{ ...o, sku: null }]) {
        yield [
          o.id,
          formatOrderNumber(o.number),
          o.createdAt,
          o.updatedAt,
          o.neededBy,
          o.name,
          o.email,
          o.phone,
          o.address,
          line.productName,
          line.sku ?? skus.get(line.toolId) ?? "",
          line.quantity,
          dollars(line.unitPriceCents),
          dollars(lotTotalCents(line.unitPriceCents, line.quantity)),
          o.status,
          o.transactionId ?? "",
        ];
      }
    }
    if (batch.length < batchSize) return;
    lastId = batch[batch.length - 1]?.id;
  }
}
