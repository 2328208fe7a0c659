import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type LotProblem, lotProblem } from "../../contract/lot-rules";
import type { Order, orderBody } from "../../contract/orders";
import type { PageQuery } from "../../contract/pagination";
import type { SessionUser } from "../accounts/guards";
import { tools } from "../catalog/tables";
import type { Db } from "../db/database";
import { badRequest, conflict, notFound } from "../http/errors";
import { type OrderRow, toApiOrder } from "./order-view";
import { type OrderStatus, orders } from "./tables";
import { placeOrderTakingStock } from "./take-stock";
import { changeStatus, lockOrder } from "./transitions";

export type PlaceOrderInput = z.infer<typeof orderBody>;

const lotError = (problem: LotProblem) =>
  problem.rule === "stock" ? conflict(problem.message) : badRequest(problem.message);

const noSuchOrder = () => notFound("No order with that id");

export function createOrdersService(db: Db, deps: { onStockChange: () => void }) {
  async function listOrders(
    filter: { userId?: string; status?: OrderStatus | undefined },
    { page, limit }: PageQuery,
  ): Promise<{ items: Order[]; total: number }> {
    const where = and(
      filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
      filter.status === undefined ? undefined : eq(orders.status, filter.status),
    );
    const [rows, [totalRow]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { items: rows.map(toApiOrder), total: totalRow?.total ?? 0 };
  }

  return {
    /** Places an order for the signed-in buyer: name and email from the session, product and price from the tool. */
    async placeOrder(buyer: SessionUser, input: PlaceOrderInput): Promise<OrderRow> {
      const quantity = input.orderMinimum;
      for (let attempt = 0; attempt < 3; attempt++) {
        const [tool] = await db
          .select()
          .from(tools)
          .where(and(eq(tools.id, input.orderId), isNull(tools.archivedAt)));
        if (!tool) throw notFound("No tool with that id");
        const problem = lotProblem(tool, quantity);
        if (problem) throw lotError(problem);
        if (!Number.isSafeInteger(tool.priceCents * quantity)) {
          throw badRequest("This order is too large to take online; please contact us");
        }
        const order = await placeOrderTakingStock(db, {
          toolId: tool.id,
          userId: buyer.id,
          name: buyer.name,
          email: buyer.email,
          phone: input.orderPhone,
          address: input.orderAddress,
          neededBy: input.orderDate,
          quantity,
        });
        if (order) {
          deps.onStockChange();
          return order;
        }
        // Another order took the stock after the read: read again, which explains the refusal
        // ("Only 300 pieces left"), or succeeds if a cancellation put stock back meanwhile.
      }
      throw conflict("The stock changed while you were ordering; please try again");
    },

    /** The buyer's own orders, newest first. */
    listOrdersOf(userId: string, status: OrderStatus | undefined, page: PageQuery) {
      return listOrders({ userId, status }, page);
    },

    /** Every order, newest first (admin). */
    listAllOrders(status: OrderStatus | undefined, page: PageQuery) {
      return listOrders({ status }, page);
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
        if (!order) throw noSuchOrder();
        return changeStatus(tx, order, { to: "shipped", actorUserId: admin.id, note: "Shipped" });
      });
    },

    /** Admin: an unpaid order is cancelled (kept for the record) and its stock goes back on sale. */
    async cancel(id: string, admin: SessionUser): Promise<OrderRow> {
      const cancelled = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw noSuchOrder();
        const row = await changeStatus(tx, order, {
          to: "cancelled",
          actorUserId: admin.id,
          note: `Removed by an admin; ${order.quantity} pieces back in stock`,
        });
        await tx
          .update(tools)
          .set({ available: sql`${tools.available} + ${order.quantity}` })
          .where(eq(tools.id, order.toolId));
        return row;
      });
      deps.onStockChange();
      return cancelled;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
