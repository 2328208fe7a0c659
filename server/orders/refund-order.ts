import type { SessionUser } from "#server/accounts/guards";
import { releaseStock } from "#server/catalog/stock";
import { assertRefundable, changeStatus, lockOrder } from "./change-status";
import { creditOrder } from "./invoice-order";
import type { OrderRow } from "./order-view";
import type { OrdersContext } from "./orders-deps";
import { linesToRelease } from "./release-unpaid";

/**
 * Admin (issue 28): a paid or invoiced order is cancelled with a refund, in one transaction with the
 * order locked. A card order (paid, or shipped) has its payment given back at the gateway first; an
 * on-account order once shipped moves no money: cancelled, it drops out of its company's balance, so
 * its amount is credited. Either way its stock goes back, its credit note is issued against its
 * invoice, the change is recorded ("Refunded: <reason>") and the buyer told. When the gateway does
 * not refund, nothing changes. The state machine's refund moves (`refundTransitions`) are made here
 * only; a pending order is removed instead (cancel-order.ts).
 */
export async function refundOrder(
  { db, deps }: OrdersContext,
  id: string,
  admin: SessionUser,
  reason: string,
): Promise<OrderRow> {
  const refunded = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertRefundable(order);
    if (order.paymentMethod === "card") await deps.payments.refundPaid(tx, order, reason);
    const lines = await linesToRelease(tx, order);
    const cancelled = await changeStatus(tx, order, {
      to: "cancelled",
      actorUserId: admin.id,
      note: `Refunded: ${reason}`,
      refund: true,
    });
    await releaseStock(tx, { lines, orderId: order.id, actorUserId: admin.id });
    const credited = await creditOrder(tx, deps.invoices, cancelled, reason);
    await deps.refundMessages.refunded(tx, credited.order, {
      reason,
      creditNoteNumber: credited.creditNote?.number ?? null,
    });
    return credited.order;
  });
  deps.onStockChange();
  return refunded;
}
