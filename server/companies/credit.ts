import { eq, sql } from "drizzle-orm";
import { companyMessages, overdueBlockDays } from "#contract/companies";
import { addCalendarDays } from "#contract/delivery-dates";
import type { Tx } from "#server/db/database";
import { type AmountDueCents, allocatePayments } from "./allocation";
import { companies, companyPayments } from "./tables";

// The credit limit and the overdue rule of paying on account (issue 27, item 5), checked in the
// order's transaction with the company's row locked: two buyers of one company ordering at the same
// moment take turns, so the second sees the first's order in what is committed.

export type LockedCredit = { creditLimitCents: number; paidCents: number };

/** Locks the company's row for the order's transaction and reads its limit and what it has paid. */
export async function lockCompanyCredit(tx: Tx, companyId: string): Promise<LockedCredit | undefined> {
  const [company] = await tx
    .select({ creditLimitCents: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  if (!company) return undefined;
  const [paid] = await tx
    .select({ cents: sql<string>`coalesce(sum(${companyPayments.amountCents}), 0)` })
    .from(companyPayments)
    .where(eq(companyPayments.companyId, companyId));
  return { creditLimitCents: company.creditLimitCents, paidCents: Number(paid?.cents ?? 0) };
}

/**
 * Why an order of `orderCents` cannot go on account, or undefined: an amount overdue by more than
 * `overdueBlockDays` (payments applied oldest first), or the open balance plus the order past the limit.
 */
export function creditRefusal(
  credit: LockedCredit,
  account: { committedCents: number; shipped: readonly AmountDueCents[] },
  orderCents: number,
  today: string,
): string | undefined {
  const cutoff = addCalendarDays(today, -overdueBlockDays);
  const { open } = allocatePayments(account.shipped, credit.paidCents);
  if (open.some((a) => a.openCents > 0 && a.dueOn < cutoff)) return companyMessages.overdueBlocks;
  if (account.committedCents - credit.paidCents + orderCents > credit.creditLimitCents)
    return companyMessages.overCreditLimit;
  return undefined;
}
