import { desc, eq } from "drizzle-orm";
import type { CompanyBalance, CompanyPayment } from "#contract/companies";
import { centsToDollars } from "#contract/money";
import { formatOrderNumber } from "#contract/order-number";
import type { Db, Tx } from "#server/db/database";
import { type AmountDueCents, allocatePayments } from "./allocation";
import { companies, companyPayments } from "./tables";

// A company's balance (issue 27, item 6): what it owes for the orders shipped on account, what its
// on-account orders hold of its credit limit, and what is due when. Nothing of it is stored: it is
// worked out from the orders (through the orders domain's port) and the payments each time.

/** A shipped on-account order as the orders domain hands it over (orders/company-account.ts). */
export type ShippedAmount = AmountDueCents & { poNumber: string | null };

/**
 * An on-account order refunded after it shipped (issue 28): no longer owed, but on the statement its
 * charge stays, with the credit note's credit on the day it was cancelled.
 */
export type CreditedAmount = {
  orderId: string;
  number: number;
  totalCents: number;
  poNumber: string | null;
  shippedOn: string;
  /** Null for an order shipped before invoices were issued (nothing to credit on paper). */
  creditNoteNumber: string | null;
  creditedOn: string;
};

/** The orders domain's port (orders/company-account.ts `companyAccountOrders`), wired in app.ts. */
export type AccountOrdersOf = (
  db: Db | Tx,
  companyId: string,
) => Promise<{ committedCents: number; shipped: ShippedAmount[]; credited: CreditedAmount[] }>;

export type PaymentRow = typeof companyPayments.$inferSelect;

export const presentPayment = (row: PaymentRow): CompanyPayment => ({
  _id: row.id,
  amount: centsToDollars(row.amountCents),
  reference: row.reference,
  receivedOn: row.receivedOn,
  createdAt: row.createdAt.toISOString(),
});

const dayMs = 86_400_000;
/** Whole days from `from` to `to` (YYYY-MM-DD each); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** Everything the balance, the statement and the notices read of one company, in cents. */
export type CompanyAccount = {
  name: string;
  creditLimitCents: number;
  /** Newest first. */
  payments: PaymentRow[];
  paidCents: number;
  shipped: ShippedAmount[];
  /** Shipped, then refunded (cancelled with a credit note): not owed, on the statement only. */
  credited: CreditedAmount[];
  /** Every on-account order not cancelled, minus the payments: what the credit limit holds. */
  committedCents: number;
  /** Shipped on account minus the payments (negative: a credit). */
  balanceCents: number;
  /** The amounts still (partly) open, oldest due first. */
  open: (ShippedAmount & { openCents: number })[];
};

/** The company's account, or undefined when there is no such company. */
export async function companyAccount(
  db: Db | Tx,
  accountOrdersOf: AccountOrdersOf,
  companyId: string,
): Promise<CompanyAccount | undefined> {
  const [company] = await db
    .select({ name: companies.name, creditLimitCents: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return undefined;
  const payments = await db
    .select()
    .from(companyPayments)
    .where(eq(companyPayments.companyId, companyId))
    .orderBy(desc(companyPayments.receivedOn), desc(companyPayments.createdAt));
  const orders = await accountOrdersOf(db, companyId);
  const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const shippedCents = orders.shipped.reduce((sum, o) => sum + o.totalCents, 0);
  const { open } = allocatePayments(orders.shipped, paidCents);
  return {
    ...company,
    payments,
    paidCents,
    shipped: orders.shipped,
    credited: orders.credited,
    committedCents: orders.committedCents - paidCents,
    balanceCents: shippedCents - paidCents,
    open: open.filter((a) => a.openCents > 0),
  };
}

/** `GET /api/companies/{id}/balance`'s answer, as of `today` (the shop's day). */
export function presentBalance(account: CompanyAccount, today: string): CompanyBalance {
  let overdueCents = 0;
  const due = account.open.map((a) => {
    const daysOverdue = Math.max(0, daysBetween(a.dueOn, today));
    if (daysOverdue > 0) overdueCents += a.openCents;
    return {
      orderId: a.orderId,
      orderNumber: formatOrderNumber(a.number),
      poNumber: a.poNumber,
      total: centsToDollars(a.totalCents),
      open: centsToDollars(a.openCents),
      shippedOn: a.shippedOn,
      dueOn: a.dueOn,
      daysOverdue,
    };
  });
  return {
    balance: centsToDollars(account.balanceCents),
    committed: centsToDollars(account.committedCents),
    creditLimit: centsToDollars(account.creditLimitCents),
    available: centsToDollars(account.creditLimitCents - account.committedCents),
    overdue: centsToDollars(overdueCents),
    due,
    payments: account.payments.map(presentPayment),
  };
}
