import { and, asc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { lotTotalCents } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { OrdersExportQuery } from "#contract/orders";
import { companyNamesByIds } from "#server/companies/company-names";
import type { Db } from "#server/db/database";
import { orderLines, orders } from "./tables";

/**
 * The orders export's columns, in order: one row per line of an order, the order's own columns
 * repeated on each (`line` its number, `total` the line's, `order_total` the order's). Money in
 * dollars with two decimals. The columns of company accounts (issue 27) come last, so that clients
 * reading the earlier ones by position keep working: `company` is the company's name, empty for an
 * order of no company, as are a missing PO number and the days not reached yet.
 */
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
  "line",
  "product",
  "sku",
  "quantity",
  "unit_price",
  "total",
  "status",
  "transaction_id",
  "order_total",
  "po_number",
  "payment_method",
  "company",
  "shipped_on",
  "due_on",
] as const;

/** Lines read per query: the export holds one batch at a time, whatever the number of orders. */
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
 * Every line of every order the query selects, orders oldest first, lines in their order, one CSV
 * row each. Read in batches by keyset (the last row's (created_at, id, line_no), the time compared
 * in SQL so the timestamps keep their microseconds).
 */
export async function* orderExportRows(db: Db, query: OrdersExportQuery): AsyncGenerator<unknown[]> {
  const where = exportWhere(query);
  let last: { orderId: string; lineNo: number } | undefined;
  for (;;) {
    const after = last
      ? sql`(${orders.createdAt}, ${orders.id}, ${orderLines.lineNo}) > ((select o.created_at from ${orders} o where o.id = ${last.orderId}), ${last.orderId}::uuid, ${last.lineNo}::smallint)`
      : undefined;
    const batch = await db
      .select({ order: orders, line: orderLines })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(where, after))
      .orderBy(asc(orders.createdAt), asc(orders.id), asc(orderLines.lineNo))
      .limit(batchSize);
    const companyNames = await companyNamesByIds(
      db,
      batch.flatMap(({ order }) => (order.companyId ? [order.companyId] : [])),
    );
    for (const { order: o, line } of batch) {
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
        line.lineNo,
        line.productName,
        line.sku ?? "",
        line.quantity,
        dollars(line.unitPriceCents),
        dollars(lotTotalCents(line.unitPriceCents, line.quantity)),
        o.status,
        o.transactionId ?? "",
        dollars(o.totalCents),
        o.poNumber ?? "",
        o.paymentMethod,
        (o.companyId && companyNames.get(o.companyId)) ?? "",
        o.shippedOn ?? "",
        o.dueOn ?? "",
      ];
    }
    const end = batch.at(-1);
    if (batch.length < batchSize || !end) return;
    last = { orderId: end.order.id, lineNo: end.line.lineNo };
  }
}
