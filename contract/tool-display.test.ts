import { describe, expect, it } from "vitest";
import { lowestUnitPrice as fromPriceBreaks } from "./price-breaks";
import { lowestUnitPrice } from "./tool-display";

describe("the card's lowest price a piece", () => {
  it("is the last break's, else the tool's price, in the unit it is given", () => {
    const breaks = [
      { minQuantity: 500, price: 5.9 },
      { minQuantity: 2000, price: 5.4 },
      { minQuantity: 5000, price: 4.95 },
    ];
    expect(lowestUnitPrice({ price: 6.4, priceBreaks: breaks })).toBe(4.95);
    expect(lowestUnitPrice({ price: 640, priceBreaks: [{ minQuantity: 500, price: 590 }] })).toBe(590);
    expect(lowestUnitPrice({ price: 6.4, priceBreaks: [] })).toBe(6.4);
    expect(lowestUnitPrice({ price: 6.4, priceBreaks: null })).toBe(6.4);
    expect(lowestUnitPrice({ price: 6.4 })).toBe(6.4);
    expect(fromPriceBreaks).toBe(lowestUnitPrice);
  });
});
