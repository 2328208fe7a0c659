import { asc, eq } from "drizzle-orm";
import type { Tx } from "#server/db/database";
import type { OrderRow } from "./order-view";
import type { IssuedDocument, OrderInvoices } from "./orders-deps";
import { orderLines, orders } from "./tables";

/**
 * Issues a locked order's invoice (it was just paid by card, or shipped on account) in the same
 * transaction, and keeps its number on the order (the lists show and link it).
 */
export async function invoiceOrder(
  tx: Tx,
  invoices: OrderInvoices,
  order: OrderRow,
): Promise<{ order: OrderRow; invoice: IssuedDocument }> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.lineNo));
  const invoice = await invoices.issueInvoice(tx, order, lines);
  const [row] = await tx
    .update(orders)
    .set({ invoiceNumber: invoice.number })
    .where(eq(orders.id, order.id))
    .returning();
  if (!row) throw new Error(`order ${order.id} vanished while locked`);
  return { order: row, invoice };
}

/**
 * Issues the credit note of a locked invoiced order just cancelled, and keeps its number on the
 * order; nothing when the order had no invoice.
 */
export async function creditOrder(
  tx: Tx,
  invoices: OrderInvoices,
  order: OrderRow,
  reason: string,
): Promise<{ order: OrderRow; creditNote: IssuedDocument | undefined }> {
  const creditNote = await invoices.issueCreditNote(tx, order, reason);
  if (!creditNote) return { order, creditNote };
  const [row] = await tx
    .update(orders)
    .set({ creditNoteNumber: creditNote.number })
    .where(eq(orders.id, order.id))
    .returning();
  if (!row) throw new Error(`order ${order.id} vanished while locked`);
  return { order: row, creditNote };
}
