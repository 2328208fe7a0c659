import { describe, expect, it } from "vitest";
import { lotTotalDollars } from "#contract/money";
import { lowestUnitPrice, nextPriceBreak, unitPriceFor } from "#contract/price-breaks";
import { atCompanyPrice, companyDollars, companyPriceLabel } from "./company-price";

const plugs = {
  price: 6.5,
  minimum: 100,
  priceBreaks: [
    { minQuantity: 500, price: 5.9 },
    { minQuantity: 2000, price: 5.4 },
  ],
};

describe("a company's price as the catalog and the tool page show it", () => {
  it("takes the discount off in cents, half-up, as the server charges it", () => {
    expect(companyDollars(5.9, 15)).toBe(5.02); // 501.5 cents
    expect(companyDollars(89.5, 15)).toBe(76.08); // 7607.5 cents
    expect(companyDollars(6.5, 15)).toBe(5.53); // 552.5 cents
    expect(companyDollars(0.01, 50)).toBe(0.01); // never below a cent
    expect(companyDollars(89.5, 0)).toBe(89.5);
  });

  it("prices the tool and every break, so the price a piece is the break's less the discount", () => {
    const priced = atCompanyPrice(plugs, 15);
    expect(priced).toEqual({
      price: 5.53,
      minimum: 100,
      priceBreaks: [
        { minQuantity: 500, price: 5.02 },
        { minQuantity: 2000, price: 4.59 }, // 459 cents exactly
      ],
    });
    expect(unitPriceFor(priced, 499)).toBe(5.53);
    expect(unitPriceFor(priced, 500)).toBe(5.02);
    expect(lotTotalDollars(unitPriceFor(priced, 500), 500)).toBe(2510);
    expect(lowestUnitPrice(priced)).toBe(4.59); // the card's "from"
    expect(nextPriceBreak(priced, 600)).toEqual({ minQuantity: 2000, price: 4.59, piecesToGo: 1400 });
    expect(plugs.priceBreaks[0]?.price).toBe(5.9); // the list prices are left as they are
  });

  it("answers the tool itself at 0% off (a visitor, a buyer without a company)", () => {
    expect(atCompanyPrice(plugs, 0)).toBe(plugs);
  });

  it("labels the price with the discount", () => {
    expect(companyPriceLabel(15)).toBe("Your company price (15% off)");
  });
});
