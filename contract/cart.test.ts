import { describe, expect, it } from "vitest";
import { cartLineBody, lotRefusalOf, quickOrderBody, suggestedQuantity } from "./cart";
import { orderNowMessage } from "./lot-rules";

// Brake discs: from 500, at most 3,000 per order, in steps of 100, 5,200 in stock.
const discs = { minimum: 500, maximum: 3000, increment: 100, available: 5200 };

describe("suggestedQuantity: the valid quantity nearest to the one asked", () => {
  it.each([
    ["below the minimum", 120, 500],
    ["zero or less", -40, 500],
    ["not a number", Number.NaN, 500],
    ["on the grid already", 700, 700],
    ["off the step, nearer down", 730, 700],
    ["off the step, nearer up", 770, 800],
    ["off the step, a tie goes up", 750, 800],
    ["not whole", 612.5, 600],
    ["above the maximum", 4000, 3000],
    ["far above anything", Number.MAX_SAFE_INTEGER, 3000],
  ])("%s: %d → %d", (_, quantity, expected) => {
    expect(suggestedQuantity(discs, quantity)).toBe(expected);
  });

  it("stays within the stock, on the step, when the stock is below the maximum", () => {
    const low = { ...discs, available: 2_550 };
    expect(suggestedQuantity(low, 2_900)).toBe(2_500);
    expect(suggestedQuantity({ minimum: 500, available: 777 }, 900)).toBe(777);
  });

  it("has nothing to suggest when the tool is sold out, below Order Now's 500, or short of the minimum", () => {
    expect(suggestedQuantity({ ...discs, available: 0 }, 500)).toBeNull();
    expect(suggestedQuantity({ minimum: 10, available: 499 }, 10)).toBeNull();
    expect(suggestedQuantity({ minimum: 600, increment: 100, available: 550 }, 600)).toBeNull();
  });

  it("every suggestion is itself a quantity the rules allow", () => {
    for (let quantity = -5; quantity < 6000; quantity += 37) {
      const suggested = suggestedQuantity(discs, quantity);
      expect(suggested).not.toBeNull();
      expect(lotRefusalOf(discs, suggested ?? 0)).toBeUndefined();
    }
  });
});

describe("lotRefusalOf", () => {
  it("names the rule with its message and suggestion, and is undefined for a valid quantity", () => {
    expect(lotRefusalOf(discs, 550)).toEqual({
      error: "Order in steps of 100",
      rule: "step",
      suggestedQuantity: 600,
    });
    expect(lotRefusalOf(discs, 3100)).toEqual({
      error: "Order at most 3,000 pieces",
      rule: "maximum",
      suggestedQuantity: 3000,
    });
    expect(lotRefusalOf({ minimum: 10, available: 300 }, 10)).toEqual({
      error: orderNowMessage,
      rule: "stock",
      suggestedQuantity: null,
    });
    expect(lotRefusalOf(discs, 600)).toBeUndefined();
  });
});

describe("the cart's bodies", () => {
  it("takes a whole positive quantity, refusing the rest with a readable message", () => {
    expect(cartLineBody.parse({ quantity: 500 })).toEqual({ quantity: 500 });
    expect(cartLineBody.safeParse({ quantity: "500" }).error?.issues[0]?.message).toBe(
      "Enter the quantity as a number of pieces",
    );
    expect(cartLineBody.safeParse({ quantity: 1.5 }).error?.issues[0]?.message).toBe(
      "Order a whole number of pieces",
    );
    expect(cartLineBody.safeParse({ quantity: 0 }).error?.issues[0]?.message).toBe("Order at least 1 piece");
  });

  it("takes a pasted list up to its limit", () => {
    expect(quickOrderBody.safeParse({ text: "SP-100 500" }).success).toBe(true);
    expect(quickOrderBody.safeParse({ text: "x".repeat(200_001) }).error?.issues[0]?.message).toBe(
      "Paste at most 200,000 characters",
    );
  });
});
