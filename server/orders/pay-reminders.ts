import { and, asc, eq, gt, lte } from "drizzle-orm";
import { awaitsCardPayment } from "#contract/order-status";
import type { Db } from "#server/db/database";
import { lockOrder } from "./change-status";
import { type OrderMessages, payReminderLeadMs } from "./messages/order-messages";
import { orders } from "./tables";

/**
 * Sends the pay reminder of every unpaid card order (never one on account) that is released within the next 24 hours: each
 * order checked under its lock (still pending) and its reminder enqueued with a dedupe key, so a
 * buyer gets one reminder however many sweeps or servers see the order. Answers how many orders it
 * looked at. With UNPAID_ORDER_HOURS of 24 or less the order-placed message already says it all.
 */
export async function remindUnpaidOrders(
  db: Db,
  deps: { messages: OrderMessages; unpaidOrderHours: number },
  now: Date,
): Promise<number> {
  const releaseMs = deps.unpaidOrderHours * 60 * 60 * 1000;
  if (releaseMs <= payReminderLeadMs) return 0;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        eq(orders.paymentMethod, "card"),
        lte(orders.createdAt, new Date(now.getTime() - (releaseMs - payReminderLeadMs))),
        gt(orders.createdAt, new Date(now.getTime() - releaseMs)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (awaitsCardPayment(order)) await deps.messages.reminder(tx, order);
    });
  }
  return due.length;
}
