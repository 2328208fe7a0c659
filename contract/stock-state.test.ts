import { describe, expect, it } from "vitest";
import { type StockTool, stockState, stockStateLabels, stockText } from "./stock-state";

// Alternators: lots of 2; admins are told to restock at 600.
const alternator = (available: number, lowStockAt: number | null = 600): StockTool => ({
  available,
  minimum: 2,
  lowStockAt,
});

describe("the stock state of a tool", () => {
  it("is sold out at 0 pieces, whatever the tool's low-stock level", () => {
    expect(stockState(alternator(0))).toBe("sold-out");
    expect(stockState(alternator(0, null))).toBe("sold-out");
    expect(stockText(alternator(0))).toBe("Sold out");
  });

  it.each([1, 2, 420, 499])("is low at %i pieces: some left, but below what Order Now needs", (available) => {
    expect(stockState(alternator(available, null))).toBe("low");
  });

  it("is low from 500 up to and including the tool's low-stock level, in stock above it", () => {
    expect(stockState(alternator(500))).toBe("low");
    expect(stockState(alternator(600))).toBe("low");
    expect(stockState(alternator(601))).toBe("in-stock");
  });

  it("is in stock from 500 pieces for a tool with no low-stock level", () => {
    expect(stockState(alternator(500, null))).toBe("in-stock");
    expect(stockState({ available: 500, minimum: 2 })).toBe("in-stock");
  });

  it("is low when orderable stock does not hold one minimum lot", () => {
    expect(stockState({ available: 800, minimum: 1000, lowStockAt: null })).toBe("low");
    expect(stockState({ available: 1000, minimum: 1000, lowStockAt: null })).toBe("in-stock");
  });

  it("reads as the badge says it, and gives the stock in pieces while there is any", () => {
    expect(stockStateLabels).toEqual({ "in-stock": "In stock", low: "Low stock", "sold-out": "Sold out" });
    expect(stockText(alternator(1))).toBe("1 piece");
    expect(stockText(alternator(1200))).toBe("1,200 pieces");
  });
});
