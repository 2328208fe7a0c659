import { describe, expect, it } from "vitest";
import { cartAnswer } from "#contract/cart";
import { parseCart } from "./parse-cart";

const line = {
  toolId: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
  sku: "SPK-1180",
  name: "Spark Plug",
  img: "/images/tools/spark-plug.svg",
  quantity: 120,
  unitPrice: 6.4,
  lineTotal: 768,
  addedUnitPrice: 6.1,
  problem: null,
};
const cart = {
  lines: [line, { ...line, toolId: "0a1b2c3d-1d2b-4c6a-9e7f-8f9c3a5e4e5f", problem: "Sold out" }],
  total: 768,
};

describe("parseCart", () => {
  it("accepts a cart as the API sends it, as the contract's schema does", () => {
    expect(parseCart(cart)).toEqual(cartAnswer.parse(cart));
    expect(parseCart({ lines: [], total: 0 })).toEqual({ lines: [], total: 0 });
    expect(parseCart({ ...cart, extra: 1, lines: [{ ...line, extra: true }] })).toEqual(
      cartAnswer.parse({ ...cart, extra: 1, lines: [{ ...line, extra: true }] }),
    );
  });

  it("refuses what the schema refuses", () => {
    const wrong: unknown[] = [
      null,
      [],
      { lines: [] },
      { lines: "none", total: 0 },
      { lines: [{ ...line, quantity: 1.5 }], total: 0 },
      { lines: [{ ...line, unitPrice: "6.40" }], total: 0 },
      { lines: [{ ...line, problem: undefined }], total: 0 },
      { lines: [{ ...line, sku: null }], total: 0 },
      { lines: [line], total: Number.POSITIVE_INFINITY },
    ];
    for (const body of wrong) {
      expect(cartAnswer.safeParse(body).success, JSON.stringify(body)).toBe(false);
      expect(parseCart(body), JSON.stringify(body)).toBeUndefined();
    }
  });
});
