import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type CompanyPayment,
  companyMessages,
  type companyPaymentBody,
  paymentMessages,
} from "#contract/companies";
import { dollarsToCents } from "#contract/money";
import type { Db } from "#server/db/database";
import { badRequest, notFound } from "#server/http/errors";
import { type AccountOrdersOf, companyAccount, presentPayment } from "./balance";
import { noticeIfNearLimit } from "./balance-notices";
import { companies, companyPayments } from "./tables";

// A payment received from a company (issue 27, item 6), recorded by a shop admin. It is applied to
// the oldest amounts due first whenever the balance is read (allocation.ts): nothing else is written.

/**
 * Records the payment; 404 for no such company, 400 for a day after `today` (the shop's day). A
 * payment that takes the company back under 90% of its limit makes its next crossing a new message.
 */
export async function recordPayment(
  db: Db,
  deps: { accountOrdersOf: AccountOrdersOf; publicUrl: string },
  companyId: string,
  input: z.output<typeof companyPaymentBody>,
  recordedBy: string,
  today: string,
): Promise<CompanyPayment> {
  if (input.receivedOn > today) throw badRequest(paymentMessages.receivedInFuture);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound(companyMessages.noCompany);
    const [row] = await tx
      .insert(companyPayments)
      .values({
        companyId,
        amountCents: dollarsToCents(input.amount) ?? 0,
        reference: input.reference,
        receivedOn: input.receivedOn,
        recordedBy,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const account = await companyAccount(tx, deps.accountOrdersOf, companyId);
    if (account)
      await noticeIfNearLimit(
        tx,
        companyId,
        account.committedCents,
        account.creditLimitCents,
        deps.publicUrl,
      );
    return presentPayment(row);
  });
}
