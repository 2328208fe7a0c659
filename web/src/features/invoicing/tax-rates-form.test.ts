import { describe, expect, it } from "vitest";
import { rowsOf, taxRatesFormSchema } from "./tax-rates-form";

const row = (over: Partial<Record<"country" | "region" | "rate" | "label", string>>) => ({
  country: "US",
  region: "",
  rate: "5",
  label: "Sales tax",
  ...over,
});

const issues = (rates: ReturnType<typeof row>[]) =>
  taxRatesFormSchema.safeParse({ rates }).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("the tax rates editor", () => {
  it("sends the typed rows as the contract's body", () => {
    const parsed = taxRatesFormSchema.parse({
      rates: [
        row({ country: "us", region: " NY ", rate: "8.875" }),
        row({ country: "DE", rate: "19", label: "VAT" }),
      ],
    });
    expect(parsed).toEqual({
      rates: [
        { country: "US", region: "NY", rate: 8.875, label: "Sales tax" },
        { country: "DE", region: "", rate: 19, label: "VAT" },
      ],
    });
  });

  it("says what is wrong under the field of the row it names, in the contract's words", () => {
    expect(issues([row({ country: "USA" })])).toEqual([
      ["rates.0.country", "Use the country's two-letter code (US, DE, FR…)"],
    ]);
    expect(issues([row({ rate: "" })])).toEqual([["rates.0.rate", "rate must be a number (percent)"]]);
    expect(issues([row({ rate: "abc" })])).toEqual([["rates.0.rate", "rate must be a number (percent)"]]);
    expect(issues([row({ rate: "8.8755" })])).toEqual([
      ["rates.0.rate", "Use at most three decimals for the rate"],
    ]);
    expect(issues([row({ rate: "101" })])).toEqual([["rates.0.rate", "rate must be at most 100 (percent)"]]);
    expect(issues([row({ label: " " })])).toEqual([
      ["rates.0.label", "Give the rate a label (VAT, Sales tax…)"],
    ]);
  });

  it("refuses two rates for the same place, at the second", () => {
    expect(issues([row({ region: "NY" }), row({ region: "ny", rate: "8" })])).toEqual([
      ["rates.1", "Two rates for US ny: keep one"],
    ]);
  });

  it("fills the rows with the saved rates", () => {
    expect(rowsOf([{ country: "US", region: "NY", rate: 8.875, label: "Sales tax" }])).toEqual([
      { country: "US", region: "NY", rate: "8.875", label: "Sales tax" },
    ]);
  });
});
