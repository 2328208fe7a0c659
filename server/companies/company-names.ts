import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { companies } from "./tables";

/** The names of these companies by id (the orders CSV's company column); unknown ids are left out. */
export async function companyNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What an invoice prints of the buyer's company (issue 28): name, tax ID and payment terms; undefined when there is none. */
export async function invoicedCompanyOf(
  db: Db | Tx,
  companyId: string,
): Promise<{ name: string; taxId: string; paymentTermsDays: number } | undefined> {
  const [row] = await db
    .select({ name: companies.name, taxId: companies.taxId, paymentTermsDays: companies.paymentTermsDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}
