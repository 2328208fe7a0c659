import { and, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import { parseOrderNumber } from "#contract/order-number";
import { type OrderStatus, orderStatuses } from "#contract/order-status";
import { type Order, poNumberLimit } from "#contract/orders";
import type { ListQuery } from "#contract/pagination";
import type { Db } from "#server/db/database";
import { cursorKey, inRange, keyset, type Range } from "#server/db/keyset";
import type { Page } from "#server/db/paging";
import type { OrdersContext } from "./orders-deps";
import { presentOrders } from "./present-orders";
import { orderLines, orderStatusCounts, orders } from "./tables";

/** Every list of orders: newest first, by the indexes on (…, created_at, id). */
const newestFirst = keyset("desc", [
  [orders.createdAt, "timestamp"],
  [orders.id, "uuid"],
]);
const listedOrder = { ...getTableColumns(orders), [cursorKey]: newestFirst.key };

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin's search, each form by its index: an order number (CM-10482), an order id, a buyer's
 * email, the start of a product name in any of its lines (a bare number may be either an order's or
 * a product's). Whatever could be a PO number (1-40 characters) also finds the orders of that PO
 * number, whole and in any case (orders_po_number_idx on lower(po_number)).
 */
function matching(q: string): SQL {
  const term = q.toLowerCase();
  const mayBePo = term.length <= poNumberLimit;
  const orPo = (found: SQL): SQL =>
    mayBePo ? (or(found, eq(sql`lower(${orders.poNumber})`, term)) ?? found) : found;
  const number = parseOrderNumber(term);
  if (number !== undefined) return orPo(eq(orders.number, number));
  if (uuidText.test(term)) return orPo(eq(orders.id, term));
  if (term.includes("@")) return orPo(eq(sql`lower(${orders.email})`, term));
  // An order containing the product in any line (order_lines' index on the lowered name), or of the
  // PO number: one subquery of both (no OR), so that PostgreSQL joins it by both indexes.
  const ofPo = mayBePo
    ? sql` union all select po.${sql.identifier(orders.id.name)} from ${orders} po
      where lower(po.${sql.identifier(orders.poNumber.name)}) = ${term}`
    : sql``;
  const product = sql`${orders.id} in (select ${orderLines.orderId} from ${orderLines}
    where lower(${orderLines.productName}) like ${`${term.replace(/[\\%_]/g, "\\$&")}%`}${ofPo})`;
  return /^\d{1,15}$/.test(term) ? (or(eq(orders.number, Number(term)), product) ?? product) : product;
}

export type OrderFilter = {
  userId?: string;
  /** The orders of one company (orders.company_id, by orders_company_idx), whoever placed them. */
  companyId?: string;
  status?: OrderStatus | readonly OrderStatus[] | undefined;
  q?: string | undefined;
};

/**
 * The number of orders of these statuses (all when undefined), from the counters the orders
 * table's trigger keeps (decision 013): a sum of a few rows, not a count of the orders.
 */
async function countByStatus(db: Db, statuses: readonly OrderStatus[] | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql`coalesce(sum(${orderStatusCounts.count}), 0)`.mapWith(Number) })
    .from(orderStatusCounts)
    .where(statuses && inArray(orderStatusCounts.status, [...statuses]));
  return row?.total ?? 0;
}

/**
 * A page of orders, newest first: of one user, of one company or everyone's, of one status or any of several (or
 * all), found by `q`. Several statuses are read one index range each and merged.
 */
export async function listOrders(
  context: OrdersContext,
  filter: OrderFilter,
  query: ListQuery,
): Promise<Page<Order>> {
  const { db } = context;
  const named = filter.status === undefined ? undefined : [filter.status].flat();
  // Every status named is no filter at all: one index range instead of a merge of one per status.
  const statuses = named && orderStatuses.every((s) => named.includes(s)) ? undefined : named;
  const own = and(
    filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
    filter.companyId === undefined ? undefined : eq(orders.companyId, filter.companyId),
    filter.q === undefined ? undefined : matching(filter.q),
  );
  const read = (range: Range, status: SQL | undefined) =>
    inRange(db.select(listedOrder).from(orders).$dynamic(), range, and(own, status));
  const page = await newestFirst.list(
    query,
    (range) =>
      statuses && statuses.length > 1
        ? newestFirst.mergeBranches(range, (each) => statuses.map((s) => read(each, eq(orders.status, s))))
        : read(range, statuses?.[0] === undefined ? undefined : eq(orders.status, statuses[0])),
    own === undefined
      ? countByStatus(db, statuses)
      : db.$count(orders, and(own, statuses && inArray(orders.status, statuses))),
  );
  return { ...page, items: await presentOrders(context, page.items) };
}
