import type { FastifyInstance } from "fastify";
import { sweepWhileListening } from "#server/http/periodic-sweep";
import type { OrdersService } from "./service";

/** How often a listening server looks for unpaid orders past their time. */
export const unpaidOrderSweepMs = 10 * 60 * 1000;

declare module "fastify" {
  interface FastifyInstance {
    /** One sweep as of `now`, as the server runs it: cancels unpaid orders past their time; how many. */
    expireUnpaidOrders(now: Date): Promise<number>;
    /** One reminder sweep as of `now`: the pay reminders of orders released within 24 hours; how many orders it saw. */
    remindUnpaidOrders(now: Date): Promise<number>;
  }
}

/**
 * Releases unpaid orders older than UNPAID_ORDER_HOURS, and reminds the buyers of those released
 * within the next 24 hours (`remind`, pay-reminders.ts): once when the server starts listening, then
 * every 10 minutes, one sweep at a time in this process. Several servers may sweep at once (each
 * order is re-checked under its lock). Closing the server stops it, after a sweep under way ends.
 */
export function unpaidOrderExpiry(
  app: FastifyInstance,
  deps: { orders: OrdersService; hours: number; remind: (now: Date) => Promise<number> },
) {
  async function expireUnpaidOrders(now: Date): Promise<number> {
    const cancelled = await deps.orders.expireUnpaidOrders(now);
    if (cancelled > 0) {
      app.log.info(
        { cancelled },
        `Cancelled ${cancelled} ${cancelled === 1 ? "order" : "orders"} not paid within ${deps.hours} hours; their stock is back on sale`,
      );
    }
    return cancelled;
  }
  app.decorate("expireUnpaidOrders", expireUnpaidOrders);
  app.decorate("remindUnpaidOrders", deps.remind);
  if (deps.hours <= 0) return;

  sweepWhileListening(
    app,
    unpaidOrderSweepMs,
    async () => {
      const now = new Date();
      await expireUnpaidOrders(now);
      await deps.remind(now);
    },
    "the unpaid-order sweep failed; it runs again later",
  );
}
