import { eq } from "drizzle-orm";
import { HttpError } from "#server/http/errors";
import type { GatewayEvent } from "./gateway";
import type { PaymentsContext } from "./payments-deps";
import { recordSuccess } from "./settle-payment";
import { payments, webhookEvents } from "./tables";

export type WebhookOutcome =
  | { outcome: "duplicate" | "applied" | "ignored" | "refunded" }
  | { outcome: "refused"; reason: string; orderId: string | undefined };

/**
 * A verified gateway event (Stripe's webhook), applied once: its id is recorded in the same
 * transaction as its effect, so a redelivery (or a concurrent duplicate) finds it and changes nothing.
 */
export function handleGatewayEvent(context: PaymentsContext, event: GatewayEvent): Promise<WebhookOutcome> {
  return context.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return { outcome: "duplicate" };
    const intent = event.intent;
    // Not one of ours (another app on the same Stripe account, say): nothing to apply.
    if (!intent?.orderId) return { outcome: "ignored" };

    if (event.type === "payment_intent.succeeded") {
      try {
        // A savepoint: a refusal undoes its own writes, and the event stays recorded.
        const settled = await tx.transaction((inner) => recordSuccess(context, inner, intent, null));
        return { outcome: settled.kind === "paid" ? "applied" : "refunded" };
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return { outcome: "refused", reason: err.message, orderId: intent.orderId };
      }
    }
    if (event.type === "payment_intent.payment_failed") {
      await tx
        .update(payments)
        .set({ failureMessage: intent.failureMessage ?? "The payment failed", updatedAt: new Date() })
        .where(eq(payments.intentId, intent.id));
      return { outcome: "applied" };
    }
    return { outcome: "ignored" };
  });
}
