import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { neededByProblem } from "#contract/delivery-dates";
import { type LotProblem, lotProblem } from "#contract/lot-rules";
import { parseOrderNumber } from "#contract/order-number";
import { type OrderStatus, orderStatuses } from "#contract/order-status";
import type { Order, orderBody } from "#contract/orders";
import type { ListQuery } from "#contract/pagination";
import type { SessionUser } from "#server/accounts/guards";
import { lotOf, releaseStock } from "#server/catalog/stock";
import type { Db, Tx } from "#server/db/database";
import { cursorKey, inRange, keyset, type Range } from "#server/db/keyset";
import type { Page } from "#server/db/paging";
import { badRequest, conflict, notFound } from "#server/http/errors";
import { ordersOfBuyer } from "./buyer-data";
import { assertTransition, changeStatus, lockOrder } from "./change-status";
import type { OrderMessages } from "./messages/order-messages";
import { noSuchOrder, type OrderRow, toApiOrder } from "./order-view";
import { orderEvents, orderStatusCounts, orders } from "./tables";
import { nextOrderNumber, placeOrderTakingStock } from "./take-stock";

export type PlaceOrderInput = z.infer<typeof orderBody>;

const lotError = (problem: LotProblem) =>
  problem.rule === "stock" ? conflict(problem.message) : badRequest(problem.message);

/**
 * What cancelling an unpaid order needs from payments: no card may be charged for an order once it
 * is cancelled (implemented by the payments service, over the gateway).
 */
export type OpenPayments = {
  /**
   * Cancels the order's open payments at the gateway and answers the ones it closed. When one had
   * already gone through, it is recorded instead and the order, now paid, comes back.
   */
  close(orderId: string): Promise<{ paid: OrderRow } | { closed: ReadonlySet<string> }>;
  /** With the order locked: whether it has an open payment that is not among `closed` (one just started). */
  openBesides(tx: Tx, orderId: string, closed: ReadonlySet<string>): Promise<boolean>;
};

export type OrdersDeps = {
  onStockChange: () => void;
  payments: OpenPayments;
  /** Unpaid orders are cancelled this many hours after they were placed; 0 never. */
  unpaidOrderHours: number;
  /** Where the expiry sweep reports an order it could not cancel (pino's signature). */
  log: { error(details: object, message: string): void };
  /** The buyer's messages, enqueued in the transaction of each change (messages/order-messages.tsx). */
  messages: OrderMessages;
};

/** What the buyer reads as a cancelled order's reason: its event note up to the stock count. */
const cancelNote = (reason: string, quantity: number) => `${reason}; ${quantity} pieces back in stock`;
const reasonOf = (note: string | null) => note?.split("; ")[0] ?? null;

const hoursText = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

/** Every list of orders: newest first, by the indexes on (…, created_at, id). */
const newestFirst = keyset("desc", [
  [orders.createdAt, "timestamp"],
  [orders.id, "uuid"],
]);
const listedOrder = { ...getTableColumns(orders), [cursorKey]: newestFirst.key };

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The admin's search, each form by its index: an order number (CM-10482), an order id, a buyer's
 * email, the start of a product name (a bare number may be either an order's or a product's).
 */
function matching(q: string): SQL {
  const term = q.toLowerCase();
  const number = parseOrderNumber(term);
  if (number !== undefined) return eq(orders.number, number);
  if (uuidText.test(term)) return eq(orders.id, term);
  if (term.includes("@")) return eq(sql`lower(${orders.email})`, term);
  const product = sql`lower(${orders.productName}) like ${`${term.replace(/[\\%_]/g, "\\$&")}%`}`;
  return /^\d{1,15}$/.test(term) ? (or(eq(orders.number, Number(term)), product) ?? product) : product;
}

type OrderFilter = {
  userId?: string;
  status?: OrderStatus | readonly OrderStatus[] | undefined;
  q?: string | undefined;
};

/** What became of an attempt to cancel an unpaid order. */
type Release =
  | { outcome: "cancelled"; order: OrderRow }
  /** A payment had already gone through at the gateway: it is recorded, and the order is paid. */
  | { outcome: "paid"; order: OrderRow }
  /** The order was no longer pending when locked (cancelled or paid meanwhile); nothing changed. */
  | { outcome: "unchanged"; order: OrderRow };

export function createOrdersService(db: Db, deps: OrdersDeps) {
  const hourMs = 60 * 60 * 1000;

  /** The API's view of rows: an unpaid order's release time, a cancelled one's reason. */
  async function present(rows: OrderRow[]): Promise<Order[]> {
    const cancelled = rows.filter((r) => r.status === "cancelled").map((r) => r.id);
    const notes =
      cancelled.length === 0
        ? []
        : await db
            .select({ orderId: orderEvents.orderId, note: orderEvents.note })
            .from(orderEvents)
            .where(and(inArray(orderEvents.orderId, cancelled), eq(orderEvents.toStatus, "cancelled")));
    const reasons = new Map(notes.map((n) => [n.orderId, reasonOf(n.note)]));
    return rows.map((row) =>
      toApiOrder(row, {
        expiresAt:
          row.status === "pending" && deps.unpaidOrderHours > 0
            ? new Date(row.createdAt.getTime() + deps.unpaidOrderHours * hourMs)
            : null,
        cancelReason: reasons.get(row.id) ?? null,
      }),
    );
  }

  /**
   * Cancels an unpaid order without letting the gateway take money for it: first its open payments
   * are cancelled at the gateway (one that already went through makes the order paid instead), then
   * one transaction locks the order, checks it is still pending and that no payment was started
   * meanwhile, cancels it and gives its stock back. The lock and the status check make the stock
   * return happen once however many cancel the same order at the same time.
   */
  async function releaseUnpaid(
    id: string,
    change: { actorUserId: string | null; reason: string },
  ): Promise<Release> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const closing = await deps.payments.close(id);
      if ("paid" in closing) return { outcome: "paid", order: closing.paid };
      const release = await db.transaction(async (tx): Promise<Release | undefined> => {
        const order = await lockOrder(tx, id);
        if (order.status !== "pending") return { outcome: "unchanged", order };
        // A payment started after the gateway calls: close it too before cancelling.
        if (await deps.payments.openBesides(tx, id, closing.closed)) return undefined;
        const row = await changeStatus(tx, order, {
          to: "cancelled",
          actorUserId: change.actorUserId,
          note: cancelNote(change.reason, order.quantity),
        });
        await releaseStock(tx, {
          toolId: order.toolId,
          quantity: order.quantity,
          orderId: order.id,
          actorUserId: change.actorUserId,
        });
        await deps.messages.cancelled(tx, row, change.reason, change.actorUserId === null);
        return { outcome: "cancelled", order: row };
      });
      if (release?.outcome === "cancelled") deps.onStockChange();
      if (release) return release;
    }
    throw conflict("The buyer is starting a payment of this order right now; try again in a minute");
  }

  /**
   * The number of orders of these statuses (all when undefined), from the counters the orders
   * table's trigger keeps (decision 013): a sum of a few rows, not a count of the orders.
   */
  async function countByStatus(statuses: readonly OrderStatus[] | undefined): Promise<number> {
    const [row] = await db
      .select({ total: sql`coalesce(sum(${orderStatusCounts.count}), 0)`.mapWith(Number) })
      .from(orderStatusCounts)
      .where(statuses && inArray(orderStatusCounts.status, [...statuses]));
    return row?.total ?? 0;
  }

  /**
   * A page of orders, newest first: of one user or everyone's, of one status or any of several (or
   * all), found by `q`. Several statuses are read one index range each and merged.
   */
  async function listOrders(filter: OrderFilter, query: ListQuery): Promise<Page<Order>> {
    const named = filter.status === undefined ? undefined : [filter.status].flat();
    // Every status named is no filter at all: one index range instead of a merge of one per status.
    const statuses = named && orderStatuses.every((s) => named.includes(s)) ? undefined : named;
    const own = and(
      filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
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
        ? countByStatus(statuses)
        : db.$count(orders, and(own, statuses && inArray(orders.status, statuses))),
    );
    return { ...page, items: await present(page.items) };
  }

  return {
    /** Every order of one buyer, oldest first, in the API's shape (their data export). */
    async ordersOfBuyer(userId: string): Promise<Order[]> {
      return present(await ordersOfBuyer(db, userId));
    },

    /** One order in the API's shape. */
    async presentOne(row: OrderRow): Promise<Order> {
      const [order] = await present([row]);
      if (!order) throw new Error("present() lost an order");
      return order;
    },

    /**
     * Places an order for the signed-in buyer: name and email from the session, product and price
     * from the tool. `alsoInTransaction` runs in the order's transaction (the idempotency key's
     * answer is stored with the order, server/idempotency/keys.ts); if it throws, no order.
     */
    async placeOrder(
      buyer: SessionUser,
      input: PlaceOrderInput,
      alsoInTransaction?: (tx: Tx, order: OrderRow) => Promise<void>,
    ): Promise<OrderRow> {
      const quantity = input.orderMinimum;
      // The order's number is drawn beside the tool's read (one round trip's wait, not two), and kept
      // by a retry (the refused statement inserted nothing). An order refused leaves a gap.
      let number: Promise<number> | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        number ??= nextOrderNumber(db);
        const [[tool], drawn] = await Promise.all([lotOf(db, input.orderId), number]);
        if (!tool) throw notFound("No tool with that id");
        const problem = lotProblem(tool, quantity);
        if (problem) throw lotError(problem);
        const tooSoon = neededByProblem(tool.leadTimeDays, input.orderDate);
        if (tooSoon) throw badRequest(tooSoon);
        if (!Number.isSafeInteger(tool.priceCents * quantity)) {
          throw badRequest("This order is too large to take online; please contact us");
        }
        const createdAt = new Date();
        const newOrder = {
          id: randomUUID(),
          number: drawn,
          createdAt,
          unitPriceCents: tool.priceCents,
          toolId: tool.id,
          userId: buyer.id,
          name: buyer.name,
          email: buyer.email,
          phone: input.orderPhone,
          address: input.orderAddress,
          neededBy: input.orderDate,
          quantity,
        };
        // The buyer's confirmation is written by the same statement as the order, rendered before it.
        const confirmation = await deps.messages.placed({
          ...newOrder,
          productName: tool.name,
          status: "pending",
          transactionId: null,
          updatedAt: createdAt,
        });
        // One statement, no transaction around it (the tool's row is locked only while PostgreSQL runs
        // it), unless something must commit with it: the idempotency key's answer, or a low-stock
        // message when the order may take the tool to its low-stock level (catalog/stock.ts).
        const order =
          alsoInTransaction || tool.lowStockAt !== null
            ? await db.transaction(async (tx) => {
                const placed = await placeOrderTakingStock(tx, newOrder, confirmation);
                if (placed) await alsoInTransaction?.(tx, placed);
                return placed;
              })
            : await placeOrderTakingStock(db, newOrder, confirmation);
        if (order) {
          deps.onStockChange();
          return order;
        }
        // Another order took the stock after the read, or the price changed: read again, which
        // explains the refusal ("Only 300 pieces left"), or succeeds at the new price.
      }
      throw conflict("The stock changed while you were ordering; please try again");
    },

    /** The buyer's own orders, newest first. */
    listOrdersOf(userId: string, status: OrderStatus | undefined, query: ListQuery) {
      return listOrders({ userId, status }, query);
    },

    /** Every order, newest first (admin); with statuses, only the orders of any of them; `q` searches. */
    listAllOrders(
      filter: { status: readonly OrderStatus[] | undefined; q: string | undefined },
      query: ListQuery,
    ) {
      return listOrders(filter, query);
    },

    /** The order if the user may see it (the owner, or an admin); undefined otherwise, as if it did not exist. */
    async findOrderFor(user: SessionUser, id: string): Promise<OrderRow | undefined> {
      const mine = user.role === "admin" ? undefined : eq(orders.userId, user.id);
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), mine));
      return row;
    },

    /** Admin: a paid order is shipped. */
    ship(id: string, admin: SessionUser): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        const row = await changeStatus(tx, order, { to: "shipped", actorUserId: admin.id, note: "Shipped" });
        await deps.messages.shipped(tx, row);
        return row;
      });
    },

    /**
     * Admin: an unpaid order is cancelled (kept for the record) and its stock goes back on sale. Its
     * open card payments are cancelled first; if one had already gone through, the order is paid
     * and stays (409).
     */
    async cancel(id: string, admin: SessionUser): Promise<OrderRow> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) throw noSuchOrder();
      assertTransition(order.status, "cancelled");
      const release = await releaseUnpaid(id, { actorUserId: admin.id, reason: "Removed by an admin" });
      if (release.outcome === "paid") {
        throw conflict("The buyer's card payment had already gone through: the order is paid and stays");
      }
      // Cancelled or paid by someone else meanwhile: the state machine's refusal says which.
      if (release.outcome === "unchanged") assertTransition(release.order.status, "cancelled");
      return release.order;
    },

    /**
     * Cancels every pending order placed at least `unpaidOrderHours` before `now`, as `cancel` does
     * (its open payments first), with an event saying it was not paid in time; answers how many it
     * cancelled. An order that fails is logged and skipped. Safe to run in several processes at once.
     */
    async expireUnpaidOrders(now: Date): Promise<number> {
      const hours = deps.unpaidOrderHours;
      if (hours <= 0) return 0;
      const stale = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(eq(orders.status, "pending"), lte(orders.createdAt, new Date(now.getTime() - hours * hourMs))),
        )
        .orderBy(asc(orders.createdAt));
      let cancelled = 0;
      for (const { id } of stale) {
        try {
          const release = await releaseUnpaid(id, {
            actorUserId: null,
            reason: `Not paid within ${hoursText(hours)}`,
          });
          if (release.outcome === "cancelled") cancelled++;
        } catch (err) {
          deps.log.error(
            { err, orderId: id },
            "could not release an unpaid order; the next sweep tries again",
          );
        }
      }
      return cancelled;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
