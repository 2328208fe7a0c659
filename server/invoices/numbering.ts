import { sql } from "drizzle-orm";
import { documentNumber, type InvoiceKind } from "#contract/invoices";
import type { Tx } from "#server/db/database";
import { invoiceCounters } from "./tables";

/**
 * The next number of a kind in a year, in the issuing transaction: the counter's row stays locked
 * until it commits (numbers go out one at a time, none twice) or rolls back (the number is given
 * back: no gap).
 */
export async function drawDocumentNumber(
  tx: Tx,
  kind: InvoiceKind,
  year: number,
): Promise<{ year: number; sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error("drawDocumentNumber: the counter answered nothing");
  return { year, sequence: row.last, number: documentNumber(kind, year, row.last) };
}
