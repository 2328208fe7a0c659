import { describe, expect, it } from "vitest";
import type { Tool } from "#contract/catalog";
import { toolAfter, toolEditSchema } from "./tool-edit-schema";

const sparkPlug: Tool = {
  _id: "0c6b6a9e-2f0f-4d39-9a52-4b9f0b7b0d11",
  name: "Spark Plug",
  img: "/images/spark-plug.svg",
  price: 6.4,
  minimum: 100,
  maximum: 10_000,
  increment: 50,
  available: 20_000,
  leadTimeDays: 3,
  description: "Iridium spark plug",
  sku: "SPK-1",
  lowStockAt: null,
  priceBreaks: [],
};

/** The edit form's fields as the inputs give them: text. */
const form = (changes: Record<string, unknown>) => ({
  name: "Spark Plug",
  description: "Iridium spark plug",
  minimum: "100",
  price: "6.40",
  img: "/images/spark-plug.svg",
  maximum: "10000",
  increment: "50",
  leadTimeDays: "3",
  sku: "SPK-1",
  lowStockAt: "",
  ...changes,
});

/** The messages the schema gives, each with its field's path as react-hook-form reads it. */
function problems(tool: Tool, values: Record<string, unknown>): Record<string, string> {
  const result = toolEditSchema(tool).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the edit form's schema checks the breaks on the tool after the change", () => {
  it("takes a good list and gives the body its numbers", () => {
    const result = toolEditSchema(sparkPlug).parse(
      form({
        priceBreaks: [
          { minQuantity: "500", price: "5.90" },
          { minQuantity: "2000", price: "5.4" },
        ],
      }),
    );
    expect(result.priceBreaks).toEqual([
      { minQuantity: 500, price: 5.9 },
      { minQuantity: 2000, price: 5.4 },
    ]);
  });

  it("names the break and its field, with the API's messages", () => {
    const breaks = (second: { minQuantity: string; price: string }) =>
      form({ priceBreaks: [{ minQuantity: "500", price: "5.90" }, second] });
    expect(problems(sparkPlug, breaks({ minQuantity: "400", price: "5.40" }))).toEqual({
      "priceBreaks.1.minQuantity": "Price break 2: the quantity must be more than break 1's (500 pieces)",
    });
    expect(problems(sparkPlug, breaks({ minQuantity: "2020", price: "5.40" }))).toEqual({
      "priceBreaks.1.minQuantity": "Price break 2: the quantity must be in steps of 50",
    });
    expect(problems(sparkPlug, breaks({ minQuantity: "2000", price: "5.90" }))).toEqual({
      "priceBreaks.1.price": "Price break 2: the price must be lower than break 1's ($5.90)",
    });
    expect(problems(sparkPlug, breaks({ minQuantity: "20000", price: "5.40" }))).toEqual({
      "priceBreaks.1.minQuantity":
        "Price break 2: the quantity can't be more than the maximum (10,000 pieces)",
    });
    expect(problems(sparkPlug, breaks({ minQuantity: "", price: "5.40" }))).toEqual({
      "priceBreaks.1.minQuantity": "Each price break needs a quantity (minQuantity)",
    });
  });

  it("checks the breaks against the price and lot rules as changed in the same save", () => {
    const list = [{ minQuantity: "500", price: "5.90" }];
    expect(problems(sparkPlug, form({ priceBreaks: list }))).toEqual({});
    expect(problems(sparkPlug, form({ price: "5.50", priceBreaks: list }))).toEqual({
      "priceBreaks.0.price": "Price break 1: the price must be lower than the tool's price ($5.50)",
    });
    expect(problems(sparkPlug, form({ minimum: "500", priceBreaks: list }))).toEqual({
      "priceBreaks.0.minQuantity": "Price break 1: the quantity must be more than the minimum (500 pieces)",
    });
    // An emptied maximum is no maximum: a break above the old one is then reachable.
    const far = [{ minQuantity: "50000", price: "4.95" }];
    expect(problems(sparkPlug, form({ priceBreaks: far }))).toHaveProperty("priceBreaks.0.minQuantity");
    expect(problems(sparkPlug, form({ maximum: "", priceBreaks: far }))).toEqual({});
  });

  it("keeps what a change leaves out, and clears what it sets to null", () => {
    expect(toolAfter(sparkPlug, { price: 5 })).toMatchObject({ price: 5, minimum: 100, maximum: 10_000 });
    expect(toolAfter(sparkPlug, { maximum: null, increment: undefined })).toMatchObject({
      maximum: null,
      increment: 50,
    });
  });
});
