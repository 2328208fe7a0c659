import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { applicableRate, lineTaxCents, noTax, rateMilliOf, type TaxRate } from "./tax";

// A line's tax (issue 28): net cents × rate (thousandths of a percent) ÷ 100,000, rounded once,
// half-up (away from zero on a tie, for a credit's negative amounts as for a sale's).

/**
 * The i-th draw of a run: the eight 32-bit words of sha256(seed, i), so a run is the same for the same
 * seed, and any one line can be computed again from its number.
 */
function draw(seed: number, i: number) {
  const words = createHash("sha256").update(`${seed}:${i}`).digest();
  const unit = (k: number) => words.readUInt32BE(4 * k) / 4_294_967_296;
  const int = (k: number, lo: number, hi: number) => lo + Math.floor(unit(k) * (hi - lo + 1));
  return { unit, int };
}

const seed = Number(process.env.TAX_SEED ?? 280_028);

/**
 * The exact tax as a fraction n/d (d = 100,000), rounded by comparing twice the remainder with the
 * divisor: nothing in common with the implementation's "add half, then divide".
 */
function exactTaxCents(netCents: number, rateMilli: number): bigint {
  const n = BigInt(netCents) * BigInt(rateMilli);
  const d = 100_000n;
  const magnitude = n < 0n ? -n : n;
  const whole = magnitude / d;
  const rest = magnitude % d;
  const rounded = 2n * rest >= d ? whole + 1n : whole;
  return n < 0n ? -rounded : rounded;
}

describe("lineTaxCents", () => {
  it("rounds a half cent up, once per line", () => {
    // 8.875 % of $1.00 is 8.875 cents → 9; of $4.00, 35.5 cents → 36; of $0.40, 3.55 → 4.
    expect(lineTaxCents(100, 8875)).toBe(9);
    expect(lineTaxCents(400, 8875)).toBe(36);
    expect(lineTaxCents(40, 8875)).toBe(4);
    // 19 % of $0.50 is 9.5 cents → 10; 7 % of $0.50 is 3.5 → 4; just below a half goes down.
    expect(lineTaxCents(50, 19_000)).toBe(10);
    expect(lineTaxCents(50, 7_000)).toBe(4);
    expect(lineTaxCents(49_999, 1)).toBe(0);
    expect(lineTaxCents(50_000, 1)).toBe(1);
    // A credit's negative amount mirrors the sale's.
    expect(lineTaxCents(-400, 8875)).toBe(-36);
    expect(lineTaxCents(12_345, 0)).toBe(0);
    expect(lineTaxCents(0, 8875)).toBe(0);
    expect(lineTaxCents(12_345, 100_000)).toBe(12_345);
  });

  it(`equals the exact rational tax rounded half-up, over 20,000 random lines (seed ${seed})`, () => {
    for (let i = 0; i < 20_000; i++) {
      const d = draw(seed, i);
      // Nets of every size, from a cent to a safe integer's worth; rates from 0 to 100 %, a fifth whole.
      const net = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(d.unit(0) * 10 ** d.int(1, 0, 15)) + 1);
      const signed = d.int(2, 0, 9) === 0 ? -net : net;
      const rate = d.int(3, 0, 4) === 0 ? d.int(4, 0, 100) * 1000 : d.int(5, 0, 100_000);
      const tax = lineTaxCents(signed, rate);
      const expected = exactTaxCents(signed, rate);
      if (BigInt(tax) !== expected) {
        throw new Error(`lineTaxCents(${signed}, ${rate}) = ${tax}, exactly ${expected}`);
      }
      // Within half a cent of the exact amount: 2 × |100,000 × tax − net × rate| ≤ 100,000.
      const error = BigInt(tax) * 100_000n - BigInt(signed) * BigInt(rate);
      if (2n * (error < 0n ? -error : error) > 100_000n) throw new Error(`${tax}: more than half a cent off`);
    }
  });

  it("sums per line, not over the order: three lines of 0.5 cent each make 3 cents, not 2", () => {
    // $0.40 at 1.25 % is 0.5 cent: each line rounds up on its own.
    const lines = [40, 40, 40].map((net) => lineTaxCents(net, 1250));
    expect(lines).toEqual([1, 1, 1]);
    expect(lineTaxCents(120, 1250)).toBe(2);
  });
});

describe("applicableRate", () => {
  const rates: TaxRate[] = [
    { country: "US", region: "", rate: 5, label: "Sales tax" },
    { country: "US", region: "New York", rate: 8.875, label: "NY sales tax" },
    { country: "DE", region: "", rate: 19, label: "VAT" },
  ];

  it("takes the region's rate in any case, else the country's, else none", () => {
    expect(applicableRate(rates, "us", " new YORK ")).toEqual({ rateMilli: 8875, label: "NY sales tax" });
    expect(applicableRate(rates, "US", "Ohio")).toEqual({ rateMilli: 5000, label: "Sales tax" });
    expect(applicableRate(rates, "DE", "Bayern")).toEqual({ rateMilli: 19_000, label: "VAT" });
    expect(applicableRate(rates, "FR", "")).toEqual(noTax);
  });

  it("reads a percent of three decimals as whole thousandths", () => {
    expect([8.875, 0.001, 19, 100, 7.7].map(rateMilliOf)).toEqual([8875, 1, 19_000, 100_000, 7700]);
  });
});
