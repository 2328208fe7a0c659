import { describe, expect, it } from "vitest";
import type { TaxRate } from "#contract/tax";
import { countryName, countryOptions } from "./countries";
import { deliveryRate, rateLine, taxSummary, totalDollars } from "./tax-summary";

const rates: TaxRate[] = [
  { country: "US", region: "", rate: 5, label: "Sales tax" },
  { country: "US", region: "NY", rate: 8.875, label: "Sales tax" },
  { country: "DE", region: "", rate: 19, label: "VAT" },
];

describe("the tax an order form shows before paying", () => {
  it("takes the region's rate, else the country's, else none", () => {
    expect(deliveryRate(rates, { country: "us", region: "ny" }, null)).toEqual({
      rateMilli: 8875,
      label: "Sales tax",
    });
    expect(deliveryRate(rates, { country: "US", region: "Texas" }, null)).toEqual({
      rateMilli: 5000,
      label: "Sales tax",
    });
    expect(deliveryRate(rates, { country: "FR", region: "" }, null)).toEqual({
      rateMilli: 0,
      label: "No tax",
    });
  });

  it("charges a tax-exempt company no tax, whatever the address", () => {
    expect(deliveryRate(rates, { country: "DE", region: "" }, "EU reverse charge")).toEqual({
      rateMilli: 0,
      label: "Tax exempt",
    });
    const summary = taxSummary([100, 59.99], deliveryRate(rates, { country: "DE", region: "" }, "Resale"));
    expect(summary).toMatchObject({ subtotalCents: 15999, taxCents: 0, totalCents: 15999 });
    expect(summary.rates.map(rateLine)).toEqual(["Tax exempt — $0.00"]);
  });

  it("rounds each line's tax once, half-up, and sums the lines", () => {
    // $1.00 × 8.875% = 8.875¢ → 9¢ a line; rounding the sum instead would give 18¢ for $2.00.
    const summary = taxSummary([1, 1], { rateMilli: 8875, label: "Sales tax" });
    expect(summary.subtotalCents).toBe(200);
    expect(summary.taxCents).toBe(18);
    expect(summary.totalCents).toBe(218);
    // $0.04 × 8.875% = 0.355¢ → 0¢ a line, though the three lines' $0.12 would make 1¢.
    expect(taxSummary([0.04, 0.04, 0.04], { rateMilli: 8875, label: "Sales tax" }).taxCents).toBe(0);
  });

  it("shows one line per rate and the total with tax the checkout confirms", () => {
    const summary = taxSummary([89.5, 1250], { rateMilli: 8875, label: "Sales tax" });
    // 8950 × 8.875% = 794.3125 → 794; 125000 × 8.875% = 11093.75 → 11094.
    expect(summary.taxCents).toBe(11888);
    expect(summary.rates.map(rateLine)).toEqual(["Sales tax 8.875% — $118.88"]);
    expect(totalDollars(summary)).toBe(1458.38);
  });

  it("reads amounts in dollars exactly as cents", () => {
    expect(taxSummary([0.29, 0.57], { rateMilli: 0, label: "No tax" })).toMatchObject({
      subtotalCents: 86,
      totalCents: 86,
    });
    expect(taxSummary([], { rateMilli: 19000, label: "VAT" })).toMatchObject({ totalCents: 0, rates: [] });
  });
});

describe("the delivery country's choices", () => {
  it("names each ISO code and puts the shop's country first", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ code: "US", name: "United States" });
    expect(options).toHaveLength(249);
    expect(new Set(options.map((o) => o.code)).size).toBe(249);
    expect(options.find((o) => o.code === "DE")?.name).toBe("Germany");
    const rest = options.slice(1).map((o) => o.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("falls back to the code for one it cannot name", () => {
    expect(countryName("not a code")).toBe("not a code");
  });
});
