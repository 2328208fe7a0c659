import { and, eq, isNotNull, ne, or } from "drizzle-orm";
import { shopToday } from "#contract/delivery-dates";
import type { AmountDueCents } from "#server/companies/allocation";
import type { CreditedAmount } from "#server/companies/balance";
import type { Db, Tx } from "#server/db/database";
import { orderEvents, orders } from "./tables";

// A company's on-account orders as its credit and its balance need them (issue 27): the orders
// domain reads its own table and hands the companies domain plain figures (decision 012's port).

export type ShippedOnAccount = AmountDueCents & { poNumber: string | null };

/**
 * An on-account order refunded after it shipped (issue 28): cancelled, so no longer owed, but its
 * charge stays on the statement with the credit note's credit on the day it was cancelled.
 */
export type CreditedOnAccount = CreditedAmount;

export type CompanyAccountOrders = {
  /** Every on-account order not cancelled, shipped or not: what the credit limit holds. */
  committedCents: number;
  /** The shipped ones: the amounts due (the balance, the statement, what is overdue). */
  shipped: ShippedOnAccount[];
  /** The ones refunded after shipping: on the statement only. */
  credited: CreditedOnAccount[];
};

/** Read in `tx` when checking an order's credit (the company's row locked first, companies/credit.ts). */
export async function companyAccountOrders(db: Db | Tx, companyId: string): Promise<CompanyAccountOrders> {
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      totalCents: orders.totalCents,
      status: orders.status,
      shippedOn: orders.shippedOn,
      dueOn: orders.dueOn,
      poNumber: orders.poNumber,
      creditNoteNumber: orders.creditNoteNumber,
      cancelledAt: orderEvents.createdAt,
    })
    .from(orders)
    // Cancelled is final: a cancelled order has one such event, the others none.
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, "cancelled")))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, "account"),
        // A cancelled order that had shipped was refunded (one removed while pending never shipped).
        or(ne(orders.status, "cancelled"), isNotNull(orders.shippedOn)),
      ),
    );
  let committedCents = 0;
  const shipped: ShippedOnAccount[] = [];
  const credited: CreditedOnAccount[] = [];
  for (const { status, shippedOn, dueOn, creditNoteNumber, cancelledAt, ...row } of rows) {
    if (status === "cancelled") {
      if (shippedOn && cancelledAt) {
        const { orderId, number, totalCents, poNumber } = row;
        credited.push({
          orderId,
          number,
          totalCents,
          poNumber,
          shippedOn,
          creditNoteNumber,
          creditedOn: shopToday(cancelledAt),
        });
      }
      continue;
    }
    committedCents += row.totalCents;
    if (status === "shipped" && shippedOn && dueOn) shipped.push({ ...row, shippedOn, dueOn });
  }
  return { committedCents, shipped, credited };
}
