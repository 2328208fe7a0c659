import { and, eq } from "drizzle-orm";
import type { Tx } from "#server/db/database";
import { conflict } from "#server/http/errors";
import type { OpenPayments } from "#server/orders/orders-deps";
import type { GatewayRefund } from "./gateway";
import { type PaymentsContext, shopCurrency } from "./payments-deps";
import { payments } from "./tables";

/**
 * Said when the gateway gives nothing back: the order stays as it was, and a person checks the
 * payment. A 409 (a 5xx would reach the admin as "Something went wrong"): the shop and the gateway
 * disagree about the payment.
 */
const notRefunded = (intentId: string, why: string) =>
  conflict(
    `The payment gateway did not refund this order's payment ${intentId}: ${why}. The order is unchanged; check the payment in the gateway's dashboard, then try again`,
  );

/** The gateway's refund of an intent; a 409 a person can act on when it refuses or cannot be reached. */
async function refundAtGateway({ gateway, deps }: PaymentsContext, intentId: string): Promise<GatewayRefund> {
  let refund: GatewayRefund | undefined;
  try {
    refund = await gateway.refundIntent(intentId, "requested_by_customer");
  } catch (err) {
    deps.log?.warn({ intentId, err: String(err) }, "the gateway failed to refund a payment");
    throw notRefunded(intentId, "it could not be reached or answered with an error");
  }
  if (!refund) throw notRefunded(intentId, "it has no charge of it to give back");
  return refund;
}

/**
 * An admin's refund of a paid card order (issue 28), in the transaction that cancels the order, with
 * the order locked: the payment that paid it is refunded at the gateway (once per intent, the
 * gateway's refund is idempotent) and recorded as refunded with the admin's reason. When the gateway
 * refuses, nothing is recorded and the caller's transaction rolls back.
 */
export async function refundPaidOrder(
  context: PaymentsContext,
  tx: Tx,
  order: { id: string; transactionId: string | null },
  reason: string,
): ReturnType<OpenPayments["refundPaid"]> {
  const intentId = order.transactionId;
  if (!intentId) throw conflict("This order has no card payment to refund");
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.intentId, intentId)));
  if (row?.status === "refunded" && row.refundId) {
    return { refundId: row.refundId, amountCents: row.amountCents };
  }
  const refund = await refundAtGateway(context, intentId);
  const refunded = {
    status: "refunded" as const,
    refundId: refund.id,
    refundReason: `Refunded by an admin: ${reason}`,
    refundedAt: new Date(),
    updatedAt: new Date(),
  };
  if (row) {
    await tx.update(payments).set(refunded).where(eq(payments.id, row.id));
  } else {
    // Paid before payments were recorded here: the refund is recorded all the same.
    await tx.insert(payments).values({
      orderId: order.id,
      gateway: context.gateway.name,
      intentId,
      amountCents: refund.amountCents,
      currency: shopCurrency,
      ...refunded,
    });
  }
  return { refundId: refund.id, amountCents: refund.amountCents };
}
