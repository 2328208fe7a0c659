import { and, eq, ne } from "drizzle-orm";
import type { AmountDueCents } from "#server/companies/allocation";
import type { Db, Tx } from "#server/db/database";
import { orders } from "./tables";

// A company's on-account orders as its credit and its balance need them (issue 27): the orders
// domain reads its own table and hands the companies domain plain figures (decision 012's port).

export type ShippedOnAccount = AmountDueCents & { poNumber: string | null };

export type CompanyAccountOrders = {
  /** Every on-account order not cancelled, shipped or not: what the credit limit holds. */
  committedCents: number;
  /** The shipped ones: the amounts due (the balance, the statement, what is overdue). */
  shipped: ShippedOnAccount[];
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
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, "account"),
        ne(orders.status, "cancelled"),
      ),
    );
  let committedCents = 0;
  const shipped: ShippedOnAccount[] = [];
  for (const { status, shippedOn, dueOn, ...row } of rows) {
    committedCents += row.totalCents;
    if (status === "shipped" && shippedOn && dueOn) shipped.push({ ...row, shippedOn, dueOn });
  }
  return { committedCents, shipped };
}
