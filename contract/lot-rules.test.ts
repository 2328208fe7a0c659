import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  canOrderNow,
  checkLot,
  lotProblem,
  lotRange,
  nextLot,
  orderNowMessage,
  refineLot,
} from "./lot-rules";
import { lotTotalCents, lotTotalDollars } from "./money";

// Brake discs: from 500, at most 3,000 per order, in steps of 100, 5,200 in stock.
const discs = { minimum: 500, maximum: 3000, increment: 100, available: 5200 };
const plain = { minimum: 500, available: 1200 };

describe("lot rules", () => {
  it.each([500, 600, 2900, 3000])("accepts %d brake discs", (q) => {
    expect(checkLot(discs, q)).toBeUndefined();
  });

  it("accepts any whole number from the minimum up to the stock when there is no maximum or increment", () => {
    expect(checkLot(plain, 500)).toBeUndefined();
    expect(checkLot(plain, 777)).toBeUndefined();
    expect(checkLot(plain, 1200)).toBeUndefined();
  });

  it.each([
    ["below the minimum", 499, "minimum", "Order at least 500 pieces"],
    ["zero", 0, "minimum", "Order at least 500 pieces"],
    ["negative", -500, "minimum", "Order at least 500 pieces"],
    ["above the maximum", 3100, "maximum", "Order at most 3,000 pieces"],
    ["huge", 1e12, "maximum", "Order at most 3,000 pieces"],
    ["not a multiple of the increment", 550, "step", "Order in steps of 100"],
    ["fractional", 500.5, "whole", "Order a whole number of pieces"],
    ["a string", "500", "whole", "Order a whole number of pieces"],
    ["NaN", Number.NaN, "whole", "Order a whole number of pieces"],
    ["Infinity", Number.POSITIVE_INFINITY, "whole", "Order a whole number of pieces"],
    ["missing", undefined, "whole", "Order a whole number of pieces"],
  ])("refuses %s with a message that says what to do", (_, q, rule, message) => {
    expect(lotProblem(discs, q)).toEqual({ rule, message });
  });

  it("refuses more than the stock, with the stock in en-US digits, as a stock conflict", () => {
    expect(lotProblem(plain, 1201)).toEqual({ rule: "stock", message: "Only 1,200 pieces left" });
    expect(lotProblem(plain, 1e12)).toEqual({ rule: "stock", message: "Only 1,200 pieces left" });
  });

  it("refuses any order while the stock is below what Order Now needs (the shop's ordering rule)", () => {
    const rule = { rule: "stock", message: "Order Now needs available stock of at least 500." };
    expect(orderNowMessage).toBe(rule.message);
    expect(lotProblem({ minimum: 10, available: 499 }, 10)).toEqual(rule);
    expect(lotProblem({ minimum: 10, available: 0 }, 10)).toEqual(rule);
    expect(lotProblem({ minimum: 10, available: 420 }, 5)).toEqual(rule);
    expect(lotProblem({ minimum: 10, available: 500 }, 500)).toBeUndefined();
    expect([420, 499, 500, 501].map((available) => canOrderNow({ available }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("says one piece, not one pieces, and formats big numbers", () => {
    expect(checkLot({ minimum: 1, available: 1000 }, 0)).toBe("Order at least 1 piece");
    expect(checkLot({ minimum: 10_000, available: 50_000 }, 5)).toBe("Order at least 10,000 pieces");
    expect(checkLot({ minimum: 2000, increment: 1000, available: 50_000 }, 2500)).toBe(
      "Order in steps of 1,000",
    );
  });

  it("counts steps from zero, and treats a null maximum and increment as none and 1", () => {
    expect(checkLot({ minimum: 100, increment: 50, available: 1000 }, 150)).toBeUndefined();
    expect(checkLot({ minimum: 100, increment: 50, available: 1000 }, 125)).toBe("Order in steps of 50");
    expect(checkLot({ minimum: 5, maximum: null, increment: null, available: 900 }, 7)).toBeUndefined();
  });

  it("plugs into a zod schema, putting the message on the quantity field", () => {
    const form = z
      .object({ quantity: z.number() })
      .superRefine(refineLot(discs, (v: { quantity: number }) => v.quantity, ["quantity"]));
    expect(form.safeParse({ quantity: 600 }).success).toBe(true);
    const bad = form.safeParse({ quantity: 650 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["quantity"], message: "Order in steps of 100" });
  });
});

describe("the lot range and the stepper", () => {
  it("runs from the minimum to the maximum or the stock, whichever is smaller, in steps of the increment", () => {
    expect(lotRange(discs)).toEqual({ minimum: 500, largest: 3000, step: 100, soldOut: false });
    expect(lotRange(plain)).toEqual({ minimum: 500, largest: 1200, step: 1, soldOut: false });
    expect(lotRange({ ...discs, available: 400 })).toMatchObject({ largest: 400, soldOut: true });
  });

  it.each([
    [500, 1, 600],
    [600, -1, 500],
    [500, -1, 500],
    [550, 1, 600],
    [550, -1, 500],
    [2950, 1, 3000],
    [3000, 1, 3000],
    [Number.NaN, 1, 600],
    [undefined, -1, 500],
  ])("steps brake discs from %s by %i to %i", (current, direction, next) => {
    expect(nextLot(discs, current, direction as 1 | -1)).toBe(next);
  });

  it("never steps past the stock when it is below the maximum", () => {
    expect(nextLot({ ...discs, available: 650 }, 600, 1)).toBe(650);
  });

  it("totals a lot in cents, so that $89.50 × 550 is exact", () => {
    expect(lotTotalDollars(89.5, 550)).toBe(49_225);
    expect(lotTotalDollars(0.1, 3)).toBe(0.3);
    expect(lotTotalCents(8950, 550)).toBe(4_922_500);
  });
});
