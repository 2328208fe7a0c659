import { centsToDollars, dollarsToCents, formatCents } from "#contract/money";
import {
  type AppliedRate,
  applicableRate,
  exemptTax,
  formatRate,
  type RateTotal,
  type TaxRate,
  taxLines,
  totalsByRate,
} from "#contract/tax";

// The tax of an order before it is placed (issue 28), worked out as the server stores it: the
// delivery address's rate (contract/tax.ts), each line's tax rounded once, half-up, and the totals
// the sums of the lines. The Order Now form and the cart's checkout show it; the checkout confirms
// the total with tax.

/** The rate the order is taxed at: none for a tax-exempt company, else the address's. */
export function deliveryRate(
  rates: readonly TaxRate[],
  address: { country: string; region: string },
  taxExemptReason: string | null | undefined,
): AppliedRate {
  return taxExemptReason ? exemptTax : applicableRate(rates, address.country, address.region);
}

export type TaxSummary = {
  subtotalCents: number;
  /** The tax per rate (an order has one rate: its address's). */
  rates: RateTotal[];
  taxCents: number;
  /** What the buyer pays: the subtotal and the tax. */
  totalCents: number;
};

/** An amount in dollars (two decimals at most, as the API sends them) in cents. */
const toCents = (dollars: number) => dollarsToCents(dollars) ?? Math.round(dollars * 100);

/** The order's figures for its lines' totals (dollars, before tax) at `rate`. */
export function taxSummary(lineTotals: readonly number[], rate: AppliedRate): TaxSummary {
  const lines = taxLines(lineTotals.map(toCents), rate);
  const subtotalCents = lines.reduce((sum, l) => sum + l.netCents, 0);
  const taxCents = lines.reduce((sum, l) => sum + l.taxCents, 0);
  return { subtotalCents, rates: totalsByRate(lines), taxCents, totalCents: subtotalCents + taxCents };
}

/** The total with tax in dollars: the checkout's `confirmedTotal`. */
export const totalDollars = (summary: TaxSummary): number => centsToDollars(summary.totalCents);

/** "Sales tax 8.875% — $12.43"; "Tax exempt — $0.00" and "No tax — $0.00" at 0%. */
export function rateLine(total: Pick<RateTotal, "label" | "rateMilli" | "taxCents">): string {
  const rate = total.rateMilli === 0 ? "" : ` ${formatRate(total.rateMilli)}`;
  return `${total.label}${rate} — ${formatCents(total.taxCents)}`;
}
