import { eq } from "drizzle-orm";
import type { SessionUser } from "#server/accounts/guards";
import { conflict } from "#server/http/errors";
import { assertTransition } from "./change-status";
import { noSuchOrder, type OrderRow } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { releaseUnpaid } from "./release-unpaid";
import { orders } from "./tables";

/**
 * Admin: an unpaid order is cancelled (kept for the record) and its stock goes back on sale; a
 * pending on-account order too, which frees its amount of the company's credit at once. Its
 * open card payments are cancelled first; if one had already gone through, the order is paid
 * and stays (409).
 */
export async function cancelOrder(context: OrdersContext, id: string, admin: SessionUser): Promise<OrderRow> {
  const [order] = await context.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw noSuchOrder();
  assertTransition(order.status, "cancelled", order.paymentMethod);
  const release = await releaseUnpaid(context, id, { actorUserId: admin.id, reason: "Removed by an admin" });
  if (release.outcome === "paid") {
    throw conflict("The buyer's card payment had already gone through: the order is paid and stays");
  }
  // Cancelled or paid by someone else meanwhile: the state machine's refusal says which.
  if (release.outcome === "unchanged")
    assertTransition(release.order.status, "cancelled", release.order.paymentMethod);
  return release.order;
}
