import { and, eq } from "drizzle-orm";
import { companyMessages } from "#contract/companies";
import type { SessionUser } from "#server/accounts/guards";
import type { Db } from "#server/db/database";
import { forbidden, notFound } from "#server/http/errors";
import { companies, companyMembers } from "./tables";

/**
 * Who may read a company's orders, balance and statement (issue 27): its admins and the shop's
 * admins. Its buyers get 403 (they see the orders they placed in My Orders); anyone else, another
 * company's members included, 404 as for no company at all.
 */
export async function assertCompanyReader(db: Db, caller: SessionUser, companyId: string): Promise<void> {
  if (caller.role === "admin") {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound(companyMessages.noCompany);
    return;
  }
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, caller.id)));
  if (!member) throw notFound(companyMessages.noCompany);
  if (member.role !== "admin") throw forbidden(companyMessages.notCompanyAdmin);
}

/**
 * Whether the user is an admin of the company (issue 27: a company admin reads every order of the
 * company, one by one too). The shop's admins are not asked here: they read every order anyway.
 */
export async function isCompanyAdmin(db: Db, userId: string, companyId: string): Promise<boolean> {
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return member?.role === "admin";
}
