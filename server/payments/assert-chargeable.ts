import { eq } from "drizzle-orm";
import { conflict } from "#server/http/errors";
import type { GatewayIntent } from "./gateway";
import type { PaymentsContext } from "./payments-deps";
import { assertPayable } from "./settle-payment";
import { openPaymentStatuses, payments } from "./tables";

const isOpen = (status: string) => (openPaymentStatuses as readonly string[]).includes(status);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The simulated gateway's question before it charges a card: only the order's open payment, and
 * only while the order is unpaid and paid by card. Refuses (409) otherwise, so no money moves.
 */
export async function assertChargeable({ db, deps }: PaymentsContext, intent: GatewayIntent): Promise<void> {
  const [payment] = await db
    .select({ status: payments.status, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.intentId, intent.id));
  const orderId =
    payment?.orderId ?? (intent.orderId && uuidPattern.test(intent.orderId) ? intent.orderId : undefined);
  const order = orderId === undefined ? undefined : await deps.orders.stateOf(orderId);
  // Paid, shipped, cancelled, or on account (never charged by card): refused.
  if (order) assertPayable(order);
  if (!payment || !isOpen(payment.status)) {
    throw conflict("This payment is no longer open; start the payment again");
  }
}
