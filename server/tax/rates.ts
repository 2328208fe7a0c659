import { asc, type SQL, sql } from "drizzle-orm";
import { type AppliedRate, noTax, percentOfMilli, rateMilliOf, type TaxRate } from "#contract/tax";
import type { Db, Tx } from "#server/db/database";
import { taxRates } from "./tables";

// The shop's tax rates (issue 28): the list the admins set, and the rate of one delivery address as
// orders apply it. The lookup is contract/tax.ts `applicableRate`, written once more in SQL for the
// statement orders already send: the region's rate (any case), else the country's ("" region), else none.

/** Every rate, by country then region ("" first: the country's own rate before its regions'). */
export async function taxRateList(db: Db | Tx): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.regionKey));
  return rows.map((r) => ({
    country: r.country,
    region: r.region,
    rate: percentOfMilli(r.rateMilli),
    label: r.label,
  }));
}

/** Replaces the whole list in one transaction (nothing of the old list stays), and answers the new one. */
export async function replaceTaxRates(db: Db, rates: readonly TaxRate[]): Promise<TaxRate[]> {
  return db.transaction(async (tx) => {
    await tx.delete(taxRates);
    if (rates.length > 0) {
      await tx.insert(taxRates).values(
        rates.map((r) => ({
          country: r.country,
          region: r.region,
          regionKey: r.region.toLowerCase(),
          rateMilli: rateMilliOf(r.rate),
          label: r.label,
        })),
      );
    }
    return taxRateList(tx);
  });
}

/**
 * The rate of a delivery address as a scalar subquery (JSON `{rateMilli, label}`, or null when no
 * rate applies), for a statement the orders domain already sends (the order number's draw, as
 * companies/ordering.ts `orderingTermsJson`): no round trip of its own for any order. One primary
 * key probe of at most two rows. Read the value with `rateFromJson`.
 */
export function taxRateJson(country: string, region: string): SQL {
  const regionKey = region.trim().toLowerCase();
  return sql`(select json_build_object('rateMilli', ${taxRates.rateMilli}, 'label', ${taxRates.label})
    from ${taxRates}
    where ${taxRates.country} = ${country.trim().toUpperCase()} and ${taxRates.regionKey} in (${regionKey}, '')
    order by ${taxRates.regionKey} desc limit 1)`;
}

/** What `taxRateJson` answered (drivers give json parsed, or as text): no rate is `noTax`. */
export function rateFromJson(value: unknown): AppliedRate {
  if (value === null || value === undefined) return noTax;
  const r = (typeof value === "string" ? JSON.parse(value) : value) as AppliedRate;
  return { rateMilli: Number(r.rateMilli), label: r.label };
}
