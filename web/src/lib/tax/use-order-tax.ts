import { errorMessage } from "../api";
import type { BuyingTerms } from "../companies/buying-terms";
import { useTaxRates } from "./tax-rates";
import { deliveryRate, type TaxSummary, taxSummary } from "./tax-summary";

/** An order's tax as a form shows it: being worked out, not known (the rates did not load), or known. */
export type OrderTax =
  | { state: "pending" }
  | { state: "failed"; message: string; retry: () => void }
  | { state: "ready"; summary: TaxSummary; exemptReason: string | null };

/**
 * The tax of the lines' totals (dollars, before tax) delivered to `address`, for the signed-in
 * buyer's `terms` (a tax-exempt company pays none): pending until the rates and the terms are read.
 */
export function useOrderTax(
  lineTotals: readonly number[],
  address: { country: string; region: string },
  terms: BuyingTerms | null | undefined,
): OrderTax {
  const rates = useTaxRates();
  const exemptReason = terms?.taxExemptReason ?? null;
  if (rates.isError) {
    return { state: "failed", message: errorMessage(rates.error), retry: () => void rates.refetch() };
  }
  if (!rates.data || terms === undefined) return { state: "pending" };
  const rate = deliveryRate(rates.data.rates, address, exemptReason);
  return { state: "ready", summary: taxSummary(lineTotals, rate), exemptReason };
}
