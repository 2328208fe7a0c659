import { z } from "zod";
import { requiredText } from "./fields";

// Tax (issue 28): rates by the delivery address's country and region, set by the shop's admins;
// prices are exclusive of tax. The server stores each order line's rate and tax; the web shows the
// same figures before the buyer pays, from these functions.

/** The country an order is delivered to when the body names none (the shop's own). */
export const shopCountry = "US";

/** An ISO 3166-1 alpha-2 code ("US", "DE"), any case in, upper case out. */
export const countryField = z
  .string({ error: "Choose the country of the delivery address" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use the country's two-letter code (US, DE, FR…)");

/** A state, province or region (optional: "" is the whole country); compared in any case. */
export const regionField = z
  .string({ error: "Enter the region as text" })
  .trim()
  .max(64, "Use at most 64 characters for the region");

/** The delivery address's country and region in an order or checkout body: the shop's country by default. */
export const deliveryRegionFields = {
  country: countryField.optional().transform((v) => v ?? shopCountry),
  region: regionField.optional().transform((v) => v ?? ""),
};

/** A rate in percent, at most three decimals (8.875), 0-100. */
export const ratePercentField = z
  .number({ error: "rate must be a number (percent)" })
  .min(0, "rate cannot be negative")
  .max(100, "rate must be at most 100 (percent)")
  .refine((r) => Math.abs(r * 1000 - Math.round(r * 1000)) < 1e-6, "Use at most three decimals for the rate");

export const taxRate = z.object({
  country: countryField,
  region: regionField.default(""),
  rate: ratePercentField,
  label: requiredText("Give the rate a label (VAT, Sales tax…)", 40),
});
export type TaxRate = z.output<typeof taxRate>;
export type TaxRateInput = z.input<typeof taxRate>;

export const maxTaxRates = 1000;

/** `PUT /api/settings/tax` (shop admins): the whole list, replacing the one before. */
export const taxRatesBody = z
  .object({
    rates: z
      .array(taxRate, { error: "Send rates as a list" })
      .max(maxTaxRates, `Send at most ${maxTaxRates} rates`),
  })
  .superRefine(({ rates }, ctx) => {
    const seen = new Set<string>();
    for (const [i, r] of rates.entries()) {
      const key = `${r.country}/${r.region.toLowerCase()}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["rates", i],
          message: `Two rates for ${r.country}${r.region ? ` ${r.region}` : ""}: keep one`,
        });
      }
      seen.add(key);
    }
  });
export type TaxRatesBody = z.input<typeof taxRatesBody>;

/** `GET /api/tax/rates` (anyone: the forms show tax before paying) and the answer of the PUT. */
export const taxRatesAnswer = z.object({ rates: z.array(taxRate) });
export type TaxRatesAnswer = z.infer<typeof taxRatesAnswer>;

/** A rate as stored and applied: thousandths of a percent (8.875 % → 8875), and its label. */
export type AppliedRate = { rateMilli: number; label: string };

/** No rate for the address: no tax. */
export const noTax: AppliedRate = { rateMilli: 0, label: "No tax" };
/** A tax-exempt company's orders (the invoice gives the reason). */
export const exemptTax: AppliedRate = { rateMilli: 0, label: "Tax exempt" };

export const rateMilliOf = (percent: number): number => Math.round(percent * 1000);
export const percentOfMilli = (rateMilli: number): number => rateMilli / 1000;

/** The rate for an address: its region's, else its country's ("" region), else none. */
export function applicableRate(rates: readonly TaxRate[], country: string, region: string): AppliedRate {
  const c = country.trim().toUpperCase();
  const r = region.trim().toLowerCase();
  const match =
    (r && rates.find((x) => x.country === c && x.region.toLowerCase() === r)) ||
    rates.find((x) => x.country === c && x.region === "");
  return match ? { rateMilli: rateMilliOf(match.rate), label: match.label } : noTax;
}

/** A line's tax in cents: its net amount × the rate, rounded once, half-up. */
export function lineTaxCents(netCents: number, rateMilli: number): number {
  if (rateMilli === 0 || netCents === 0) return 0;
  const sign = netCents < 0 ? -1n : 1n;
  const product = BigInt(Math.abs(netCents)) * BigInt(rateMilli);
  return Number((sign * (product + 50_000n)) / 100_000n);
}

/** A line's amounts in cents, with its rate. */
export type TaxedLine = { netCents: number; rateMilli: number; label: string; taxCents: number };

/** The tax of each line at one rate (an order's lines share its delivery address). */
export function taxLines(netCents: readonly number[], rate: AppliedRate): TaxedLine[] {
  return netCents.map((n) => ({ netCents: n, ...rate, taxCents: lineTaxCents(n, rate.rateMilli) }));
}

/** The totals per rate (label and rate), in the order first seen: the invoice's and checkout's tax lines. */
export type RateTotal = { label: string; rateMilli: number; netCents: number; taxCents: number };
export function totalsByRate(lines: readonly TaxedLine[]): RateTotal[] {
  const byRate = new Map<string, RateTotal>();
  for (const l of lines) {
    const key = `${l.rateMilli}/${l.label}`;
    const total = byRate.get(key) ?? { label: l.label, rateMilli: l.rateMilli, netCents: 0, taxCents: 0 };
    total.netCents += l.netCents;
    total.taxCents += l.taxCents;
    byRate.set(key, total);
  }
  return [...byRate.values()];
}

/** "8.875%" */
export const formatRate = (rateMilli: number): string =>
  `${percentOfMilli(rateMilli).toLocaleString("en-US", { maximumFractionDigits: 3 })}%`;

/** `GET|PUT /api/settings/seller` (shop admins): who issues the invoices. */
export const sellerBody = z.object({
  legalName: requiredText("Legal name is Required", 200),
  address: requiredText("Address is Required", 500),
  taxId: requiredText("Tax ID is Required", 40),
  bankDetails: requiredText("Bank details are Required", 500),
});
export type SellerBody = z.input<typeof sellerBody>;
/** The seller's details; null before an admin saved them (invoices then show the shop's name only). */
export const sellerAnswer = sellerBody.nullable();
export type SellerAnswer = z.infer<typeof sellerAnswer>;

/** A company's tax exemption (`PATCH /api/companies/{id}` `taxExemptReason`): shown on its invoices. */
export const taxExemptReasonField = z
  .string({ error: "Enter the exemption's reason as text" })
  .trim()
  .max(200, "Use at most 200 characters for the reason")
  .nullable()
  .transform((v) => v || null);
