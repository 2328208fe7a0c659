import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CompanyRole, PaymentTermsDays } from "#contract/companies";
import type { Db, Tx } from "#server/db/database";
import { companies, companyMembers } from "./tables";

/**
 * What a buyer's company means for their order (issue 27): its id (the order is the company's), the
 * discount off every unit price, whether a PO number is required, the terms and limit that allow
 * paying on account, and (issue 28) its tax exemption and tax ID. Only a member of an APPROVED
 * company has terms; anyone else orders as themself.
 */
export type OrderingTerms = {
  companyId: string;
  role: CompanyRole;
  paymentTermsDays: PaymentTermsDays;
  creditLimitCents: number;
  discountPercent: number;
  poRequired: boolean;
  /** Issue 28: why the company is tax-exempt (its orders then pay no tax), or null. */
  taxExemptReason: string | null;
  /** Its tax ID, stored on its orders (the invoice prints it). */
  taxId: string;
};

/**
 * The buyer's terms as a scalar subquery (JSON, or null), for a statement the orders domain already
 * sends (the order number's draw): one round trip fewer for every order, as catalog's reserveStock is
 * composed into the order's statement (decision 012). Read the value with `termsFromJson`.
 */
export function orderingTermsJson(userId: string): SQL {
  return sql`(select json_build_object(
      'companyId', ${companies.id}, 'role', ${companyMembers.role},
      'paymentTermsDays', ${companies.paymentTermsDays}, 'creditLimitCents', ${companies.creditLimitCents},
      'discountPercent', ${companies.discountPercent}, 'poRequired', ${companies.poRequired},
      'taxExemptReason', ${companies.taxExemptReason}, 'taxId', ${companies.taxId})
    from ${companyMembers} join ${companies} on ${companies.id} = ${companyMembers.companyId}
    where ${companyMembers.userId} = ${userId} and ${companies.status} = 'approved')`;
}

/** What `orderingTermsJson` answered (drivers give json parsed, or as text). */
export function termsFromJson(value: unknown): OrderingTerms | null {
  if (value === null || value === undefined) return null;
  const t = (typeof value === "string" ? JSON.parse(value) : value) as OrderingTerms;
  return { ...t, creditLimitCents: Number(t.creditLimitCents) };
}

/** The buyer's ordering terms, or null when they are not a member of an approved company. */
export async function orderingTerms(db: Db | Tx, userId: string): Promise<OrderingTerms | null> {
  const [row] = await db
    .select({
      companyId: companies.id,
      role: companyMembers.role,
      paymentTermsDays: companies.paymentTermsDays,
      creditLimitCents: companies.creditLimitCents,
      discountPercent: companies.discountPercent,
      poRequired: companies.poRequired,
      taxExemptReason: companies.taxExemptReason,
      taxId: companies.taxId,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, userId), eq(companies.status, "approved")));
  return row ? { ...row, paymentTermsDays: row.paymentTermsDays as PaymentTermsDays } : null;
}

/** The discount a buyer's unit prices get: their approved company's, else 0. */
export async function discountPercentOf(db: Db | Tx, userId: string): Promise<number> {
  return (await orderingTerms(db, userId))?.discountPercent ?? 0;
}

/** The company's payment terms (days after shipping an on-account order is due); undefined when there is no such company. */
export async function paymentTermsOf(db: Db | Tx, companyId: string): Promise<PaymentTermsDays | undefined> {
  const [row] = await db
    .select({ days: companies.paymentTermsDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? (row.days as PaymentTermsDays) : undefined;
}
