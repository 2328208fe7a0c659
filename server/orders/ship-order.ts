import { addCalendarDays, shopToday } from "#contract/delivery-dates";
import type { SessionUser } from "#server/accounts/guards";
import { paymentTermsOf } from "#server/companies/ordering";
import type { Tx } from "#server/db/database";
import { changeStatus, lockOrder } from "./change-status";
import { invoiceOrder } from "./invoice-order";
import type { OrderRow } from "./order-view";
import type { OrdersContext } from "./orders-deps";

/** The day an on-account order's amount is due: the ship day + its company's payment terms. */
async function dueOnOf(tx: Tx, order: OrderRow, shippedOn: string): Promise<string | null> {
  if (order.paymentMethod !== "account" || order.companyId === null) return null;
  return addCalendarDays(shippedOn, (await paymentTermsOf(tx, order.companyId)) ?? 0);
}

/**
 * Admin: a paid card order, or a pending on-account order (unpaid, issue 27), is shipped today (the
 * shop's day); an on-account order's amount is due its company's terms after that day.
 */
export function shipOrder({ db, deps }: OrdersContext, id: string, admin: SessionUser): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const shippedOn = shopToday();
    const shipped = await changeStatus(tx, order, {
      to: "shipped",
      actorUserId: admin.id,
      note: "Shipped",
      set: { shippedOn, dueOn: await dueOnOf(tx, order, shippedOn) },
    });
    // On account: the invoice is issued as it ships (a card order's was, when it was paid).
    // The buyer's shipment message carries it.
    const invoiced =
      shipped.paymentMethod === "account" ? await invoiceOrder(tx, deps.invoices, shipped) : undefined;
    const row = invoiced?.order ?? shipped;
    await deps.messages.shipped(tx, row, invoiced?.invoice);
    return row;
  });
}
