// Helpers for the payment API tests (not a test file itself).
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { payments } from "./tables";

/** An order's payments as recorded: intent id → status. */
export async function paymentStatusesOf(db: Db, orderId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ intentId: payments.intentId, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return Object.fromEntries(rows.map((p) => [p.intentId, p.status]));
}
