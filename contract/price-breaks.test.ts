import { describe, expect, it } from "vitest";
import { newToolSchema, toolChangesSchema, toolLotProblem } from "./catalog";
import {
  describePriceBreaks,
  discountedCents,
  lowestUnitPrice,
  nextPriceBreak,
  parsePriceBreaksCell,
  priceBreakHint,
  priceBreaksCell,
  priceBreaksProblem,
  unitPriceFor,
} from "./price-breaks";

const breaks = [
  { minQuantity: 500, price: 5.9 },
  { minQuantity: 2000, price: 5.4 },
  { minQuantity: 5000, price: 4.95 },
];
const plugs = { price: 6.5, minimum: 100, increment: 1, maximum: 10_000, priceBreaks: breaks };

describe("unitPriceFor: the highest break at or below the quantity", () => {
  it.each([
    [100, 6.5],
    [499, 6.5],
    [500, 5.9],
    [501, 5.9],
    [1999, 5.9],
    [2000, 5.4],
    [4999, 5.4],
    [5000, 4.95],
    [10_000, 4.95],
  ])("%i pieces cost %d a piece", (quantity, price) => {
    expect(unitPriceFor(plugs, quantity)).toBe(price);
  });

  it("answers in the unit it is given: cents in, cents out", () => {
    const inCents = {
      price: 650,
      priceBreaks: breaks.map((b) => ({ ...b, price: Math.round(b.price * 100) })),
    };
    expect([499, 500, 1999, 2000, 5000].map((q) => unitPriceFor(inCents, q))).toEqual([
      650, 590, 590, 540, 495,
    ]);
  });

  it("is the tool's price without breaks (none, null or [])", () => {
    expect(unitPriceFor({ price: 12.5 }, 1_000_000)).toBe(12.5);
    expect(unitPriceFor({ price: 12.5, priceBreaks: null }, 1_000_000)).toBe(12.5);
    expect(unitPriceFor({ price: 12.5, priceBreaks: [] }, 1_000_000)).toBe(12.5);
  });
});

describe("discountedCents: a company's discount off a price in cents, half-up to the cent", () => {
  it("leaves a price whole at 0% off", () => {
    for (const cents of [1, 99, 590, 8950, 123_456_789]) expect(discountedCents(cents, 0)).toBe(cents);
  });

  it.each([
    [590, 15, 502], // 501.5 → up
    [8950, 15, 7608], // 7607.5 → up
    [650, 15, 553], // 552.5 → up
    [600, 15, 510], // exact
    [101, 15, 86], // 85.85 → up
    [103, 15, 88], // 87.55 → up
    [109, 15, 93], // 92.65 → up
    [113, 15, 96], // 96.05 → down
    [8950, 50, 4475],
    [590, 50, 295],
    [999, 50, 500], // 499.5 → up
    [997, 50, 499], // 498.5 → up
    [7, 10, 6], // 6.3 → down
    [5, 10, 5], // 4.5 → up
  ])("%i cents less %i%% is %i cents", (cents, percent, expected) => {
    expect(discountedCents(cents, percent)).toBe(expected);
  });

  it("rounds in integer cents, also for large prices", () => {
    // 201 cents at 50% is 100.5 cents: half-up to 101.
    expect(discountedCents(201, 50)).toBe(101);
    expect(discountedCents(1_000_000_01, 15)).toBe(85_000_001); // 85,000,000.85 → up
  });

  it("never answers less than one cent", () => {
    expect(discountedCents(1, 50)).toBe(1); // 0.5 → 1
    expect(discountedCents(1, 15)).toBe(1); // 0.85 → 1
    expect(discountedCents(2, 50)).toBe(1);
  });
});

describe("the next break, the lowest price and the words shown", () => {
  it("nextPriceBreak says how many more pieces reach the next break, none past the last", () => {
    expect(nextPriceBreak(plugs, 200)).toEqual({ minQuantity: 500, price: 5.9, piecesToGo: 300 });
    expect(nextPriceBreak(plugs, 500)).toEqual({ minQuantity: 2000, price: 5.4, piecesToGo: 1500 });
    expect(nextPriceBreak(plugs, 5000)).toBeUndefined();
  });

  it("priceBreakHint: 'Add 300 to pay $5.90 a piece'", () => {
    expect(priceBreakHint(plugs, 200)).toBe("Add 300 to pay $5.90 a piece");
    expect(priceBreakHint(plugs, 1700)).toBe("Add 300 to pay $5.40 a piece");
    expect(priceBreakHint(plugs, 5000)).toBeUndefined();
  });

  it("lowestUnitPrice is the last break's, else the price", () => {
    expect(lowestUnitPrice(plugs)).toBe(4.95);
    expect(lowestUnitPrice({ price: 6.5 })).toBe(6.5);
  });

  it("describePriceBreaks: '500+ $5.90 · 2,000+ $5.40 · 5,000+ $4.95'", () => {
    expect(describePriceBreaks(breaks)).toBe("500+ $5.90 · 2,000+ $5.40 · 5,000+ $4.95");
    expect(describePriceBreaks([])).toBe("");
  });
});

describe("priceBreaksProblem: every rule, naming the break", () => {
  const problem = (tool: Partial<typeof plugs> & { increment?: number }) =>
    priceBreaksProblem({ ...plugs, ...tool })?.message;

  it("accepts valid breaks and none", () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ priceBreaks: [] })).toBeUndefined();
    // A break at the maximum is reachable.
    expect(problem({ priceBreaks: [{ minQuantity: 10_000, price: 1 }] })).toBeUndefined();
    expect(
      problem({ maximum: undefined, priceBreaks: [{ minQuantity: 100_000_000, price: 0.01 }] }),
    ).toBeUndefined();
  });

  it.each([
    [
      { priceBreaks: Array.from({ length: 11 }, (_, i) => ({ minQuantity: 200 + i, price: 6 - i / 10 })) },
      "A tool can have at most 10 price breaks",
    ],
    [
      { priceBreaks: [{ minQuantity: 100, price: 6 }] },
      "Price break 1: the quantity must be more than the minimum (100 pieces)",
    ],
    [
      { priceBreaks: [{ minQuantity: 0, price: 6 }] },
      "Price break 1: the quantity must be a whole number from 1 to 100,000,000",
    ],
    [
      { priceBreaks: [{ minQuantity: 500.5, price: 6 }] },
      "Price break 1: the quantity must be a whole number from 1 to 100,000,000",
    ],
    [
      {
        priceBreaks: [
          { minQuantity: 500, price: 6 },
          { minQuantity: 400, price: 5 },
        ],
      },
      "Price break 2: the quantity must be more than break 1's (500 pieces)",
    ],
    [
      { increment: 50, priceBreaks: [{ minQuantity: 525, price: 6 }] },
      "Price break 1: the quantity must be in steps of 50",
    ],
    [
      { priceBreaks: [{ minQuantity: 10_001, price: 6 }] },
      "Price break 1: the quantity can't be more than the maximum (10,000 pieces)",
    ],
    [
      { priceBreaks: [{ minQuantity: 500, price: 6.5 }] },
      "Price break 1: the price must be lower than the tool's price ($6.50)",
    ],
    [
      {
        priceBreaks: [
          { minQuantity: 500, price: 6 },
          { minQuantity: 600, price: 6.01 },
        ],
      },
      "Price break 2: the price must be lower than break 1's ($6.00)",
    ],
    [
      { priceBreaks: [{ minQuantity: 500, price: 5.999 }] },
      "Price break 1: the price must be from $0.01 to $1,000,000.00, with at most two decimals",
    ],
    [
      { priceBreaks: [{ minQuantity: 500, price: Number.NaN }] },
      "Price break 1: the price must be from $0.01 to $1,000,000.00, with at most two decimals",
    ],
  ])("refuses %o", (tool, message) => {
    expect(problem(tool)).toBe(message);
  });

  it("is part of toolLotProblem, with the break's field as the path", () => {
    expect(toolLotProblem({ ...plugs, priceBreaks: [{ minQuantity: 500, price: 7 }] })).toEqual({
      message: "Price break 1: the price must be lower than the tool's price ($6.50)",
      path: ["priceBreaks", 0, "price"],
    });
  });

  it("newToolSchema refuses a bad list at the break's field; toolChangesSchema takes null as none", () => {
    const tool = {
      name: "Spark Plug",
      description: "Iridium.",
      available: 5000,
      minimum: 100,
      price: 6.5,
      img: "/images/tools/spark-plug.svg",
    };
    const refused = newToolSchema.safeParse({ ...tool, priceBreaks: [{ minQuantity: 50, price: 6 }] });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["priceBreaks", 0, "minQuantity"],
      message: "Price break 1: the quantity must be more than the minimum (100 pieces)",
    });
    expect(newToolSchema.parse(tool).priceBreaks).toEqual([]);
    expect(toolChangesSchema.parse({ priceBreaks: null }).priceBreaks).toEqual([]);
    expect(toolChangesSchema.parse({}).priceBreaks).toBeUndefined();
  });
});

describe("the CSV cell: '500:5.90|2000:5.40'", () => {
  it("writes the breaks with two decimals, '' when none, and reads them back", () => {
    expect(priceBreaksCell(breaks)).toBe("500:5.90|2000:5.40|5000:4.95");
    expect(priceBreaksCell([])).toBe("");
    expect(parsePriceBreaksCell("500:5.90|2000:5.40|5000:4.95")).toEqual(breaks);
    expect(parsePriceBreaksCell(" 500 : 5.9 | 2000:5.4 ")).toEqual(breaks.slice(0, 2));
    expect(parsePriceBreaksCell("")).toEqual([]);
    expect(parsePriceBreaksCell("   ")).toEqual([]);
  });

  it.each([
    ["500-5.90", "Price break 1: write it quantity:price, as in 500:5.90|2000:5.40"],
    ["500:5.90|", "Price break 2: write it quantity:price, as in 500:5.90|2000:5.40"],
    ["500:5.90|2000:-1", "Price break 2: write it quantity:price, as in 500:5.90|2000:5.40"],
    ["500:1e3", "Price break 1: write it quantity:price, as in 500:5.90|2000:5.40"],
  ])("refuses %s naming the break", (cell, error) => {
    expect(parsePriceBreaksCell(cell)).toEqual({ error });
  });
});
