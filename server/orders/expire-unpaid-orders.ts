import { and, asc, eq, lte } from "drizzle-orm";
import { hourMs, type OrdersContext } from "./orders-deps";
import { releaseUnpaid } from "./release-unpaid";
import { orders } from "./tables";

const hoursText = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

/**
 * Cancels every pending card order (never one on account, which is confirmed unpaid) placed at least `unpaidOrderHours` before `now`, as cancelling does
 * (its open payments first), with an event saying it was not paid in time; answers how many it
 * cancelled. An order that fails is logged and skipped. Safe to run in several processes at once.
 */
export async function expireUnpaidOrders(context: OrdersContext, now: Date): Promise<number> {
  const { db, deps } = context;
  const hours = deps.unpaidOrderHours;
  if (hours <= 0) return 0;
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        eq(orders.paymentMethod, "card"),
        lte(orders.createdAt, new Date(now.getTime() - hours * hourMs)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  let cancelled = 0;
  for (const { id } of stale) {
    try {
      const release = await releaseUnpaid(context, id, {
        actorUserId: null,
        reason: `Not paid within ${hoursText(hours)}`,
        cardOnly: true,
      });
      if (release.outcome === "cancelled") cancelled++;
    } catch (err) {
      deps.log.error({ err, orderId: id }, "could not release an unpaid order; the next sweep tries again");
    }
  }
  return cancelled;
}
