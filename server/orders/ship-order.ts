import type { SessionUser } from "#server/accounts/guards";
import { changeStatus, lockOrder } from "./change-status";
import type { OrderRow } from "./order-view";
import type { OrdersContext } from "./orders-deps";

/** Admin: a paid order is shipped. */
export function shipOrder({ db, deps }: OrdersContext, id: string, admin: SessionUser): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const row = await changeStatus(tx, order, { to: "shipped", actorUserId: admin.id, note: "Shipped" });
    await deps.messages.shipped(tx, row);
    return row;
  });
}
