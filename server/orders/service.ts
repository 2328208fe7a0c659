import { eq } from "drizzle-orm";
import type { OrderStatus } from "#contract/order-status";
import type { Order } from "#contract/orders";
import type { ListQuery } from "#contract/pagination";
import type { SessionUser } from "#server/accounts/guards";
import { assertCompanyReader, isCompanyAdmin } from "#server/companies/company-access";
import type { Db, Tx } from "#server/db/database";
import { ordersOfBuyer } from "./buyer-data";
import { cancelOrder } from "./cancel-order";
import { type CheckoutInput, checkout } from "./checkout";
import { expireUnpaidOrders } from "./expire-unpaid-orders";
import { listOrders } from "./list-orders";
import type { OrderLineRow, OrderRow, PlacedOrder } from "./order-view";
import type { OrdersContext, OrdersDeps } from "./orders-deps";
import { type PlaceOrderInput, placeOrder } from "./place-order";
import { presentOrders, presentPlaced } from "./present-orders";
import { refundOrder } from "./refund-order";
import { reorder } from "./reorder";
import { shipOrder } from "./ship-order";
import { orders } from "./tables";

export type { OpenPayments, OrdersDeps } from "./orders-deps";
export type { PlaceOrderInput } from "./place-order";

/** The orders' use cases (one file each) over one database and its deps: what app.ts and the routes call. */
export function createOrdersService(db: Db, deps: OrdersDeps) {
  const context: OrdersContext = { db, deps };
  return {
    /** Every order of one buyer, oldest first, in the API's shape (their data export). */
    async ordersOfBuyer(userId: string): Promise<Order[]> {
      return presentOrders(context, await ordersOfBuyer(db, userId));
    },

    /** One order in the API's shape; read in `tx` when given (the order not committed yet). */
    async presentOne(row: OrderRow, tx?: Tx): Promise<Order> {
      const [order] = await presentOrders(context, [row], tx);
      if (!order) throw new Error("presentOrders() lost an order");
      return order;
    },

    /** An order just placed (POST /api/order's, a checkout's) in the API's shape, from its row and lines in hand. */
    presentPlaced: (row: OrderRow, lines: OrderLineRow[]): Order => presentPlaced(context, row, lines),

    /** The buyer's cart becomes one order of its lines, or a refusal naming what stopped it. */
    checkout: (
      buyer: SessionUser,
      input: CheckoutInput,
      alsoInTransaction?: (tx: Tx, order: PlacedOrder) => Promise<void>,
    ) => checkout(context, buyer, input, alsoInTransaction),

    placeOrder: (
      buyer: SessionUser,
      input: PlaceOrderInput,
      alsoInTransaction?: (tx: Tx, order: PlacedOrder) => Promise<void>,
    ) => placeOrder(context, buyer, input, alsoInTransaction),

    /** The buyer's own orders, newest first. */
    listOrdersOf(userId: string, status: OrderStatus | undefined, query: ListQuery) {
      return listOrders(context, { userId, status }, query);
    },

    /**
     * Every order of a company, whoever of it placed it, newest first, for its admins and the shop's
     * admins (its buyers 403, anyone else 404: assertCompanyReader).
     */
    async listCompanyOrders(
      caller: SessionUser,
      companyId: string,
      status: OrderStatus | undefined,
      query: ListQuery,
    ) {
      await assertCompanyReader(db, caller, companyId);
      return listOrders(context, { companyId, status }, query);
    },

    /** Every order, newest first (admin); with statuses, only the orders of any of them; `q` searches. */
    listAllOrders(
      filter: { status: readonly OrderStatus[] | undefined; q: string | undefined },
      query: ListQuery,
    ) {
      return listOrders(context, filter, query);
    },

    /**
     * The order if the user may see it (the owner, an admin of the order's company, or a shop admin);
     * undefined otherwise, as if it did not exist. A company's buyer reads only the orders they placed.
     */
    async findOrderFor(user: SessionUser, id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row || user.role === "admin" || row.userId === user.id) return row;
      return row.companyId !== null && (await isCompanyAdmin(db, user.id, row.companyId)) ? row : undefined;
    },

    /** One of the buyer's own orders put back into their cart, and what changed; undefined when not theirs. */
    reorder: (userId: string, orderId: string) => reorder(context, userId, orderId),

    ship: (id: string, admin: SessionUser) => shipOrder(context, id, admin),
    cancel: (id: string, admin: SessionUser) => cancelOrder(context, id, admin),
    refund: (id: string, admin: SessionUser, reason: string) => refundOrder(context, id, admin, reason),
    expireUnpaidOrders: (now: Date) => expireUnpaidOrders(context, now),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
