import { z } from "zod";
import { type TaxRate, taxRatesBody } from "#contract/tax";

// The tax rates editor's rows as typed (the rate as text) and the contract's body they become: the
// same rules and messages the server checks (contract/tax.ts), each under the field it names.

export type TaxRateRow = { country: string; region: string; rate: string; label: string };
export type TaxRatesFormValues = { rates: TaxRateRow[] };

export const emptyTaxRateRow: TaxRateRow = { country: "", region: "", rate: "", label: "" };

/** A rate typed in percent: "" is none (the contract's "must be a number"), "8.875" the number. */
function rateOf(text: unknown): unknown {
  if (typeof text !== "string") return text;
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export type TaxRatesFormOutput = z.output<typeof taxRatesBody>;

/** The rows as the body of `PUT /api/settings/tax`, checked with taxRatesBody. */
export const taxRatesFormSchema: z.ZodType<TaxRatesFormOutput, TaxRatesFormValues> = z.preprocess((value) => {
  if (typeof value !== "object" || value === null || !("rates" in value) || !Array.isArray(value.rates)) {
    return value;
  }
  return {
    rates: value.rates.map((row: unknown) =>
      typeof row === "object" && row !== null && "rate" in row ? { ...row, rate: rateOf(row.rate) } : row,
    ),
  };
}, taxRatesBody);

/** The saved rates as the editor's rows. */
export function rowsOf(rates: readonly TaxRate[]): TaxRateRow[] {
  return rates.map((r) => ({ country: r.country, region: r.region, rate: String(r.rate), label: r.label }));
}
