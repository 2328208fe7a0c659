import { describe, expect, it } from "vitest";
import { toolSchema } from "#contract/catalog";
import { parseTool } from "./parse-tool";

const tool = {
  _id: "8f9c3a5e-1d2b-4c6a-9e7f-0a1b2c3d4e5f",
  name: "Mirror",
  img: "/images/tools/mirror.svg",
  price: 140.5,
  minimum: 500,
  maximum: null,
  increment: 1,
  available: 2300,
  leadTimeDays: 3,
  description: "Power-adjustable heated side mirror.",
  sku: null,
  lowStockAt: null,
};

describe("parseTool", () => {
  it("accepts a tool as the API sends it, and drops unknown fields like the schema", () => {
    expect(parseTool(tool)).toEqual(tool);
    expect(parseTool({ ...tool, maximum: 3000 })).toEqual({ ...tool, maximum: 3000 });
    expect(parseTool({ ...tool, sku: "MIR-1", lowStockAt: 600 })).toMatchObject({
      sku: "MIR-1",
      lowStockAt: 600,
    });
    expect(parseTool({ ...tool, extra: true })).toEqual(toolSchema.parse({ ...tool, extra: true }));
  });

  it.each([
    ["no id", { ...tool, _id: undefined }],
    ["a numeric name", { ...tool, name: 7 }],
    ["a price as text", { ...tool, price: "140" }],
    ["a fractional minimum", { ...tool, minimum: 1.5 }],
    ["a missing maximum", { ...tool, maximum: undefined }],
    ["a lead time as text", { ...tool, leadTimeDays: "3" }],
    ["no description", { ...tool, description: null }],
    ["a numeric sku", { ...tool, sku: 7 }],
    ["a missing low-stock level", { ...tool, lowStockAt: undefined }],
    ["an array", [tool]],
    ["null", null],
  ])("refuses %s, as toolSchema does", (_label, body) => {
    expect(parseTool(body)).toBeUndefined();
    expect(toolSchema.safeParse(body).success).toBe(false);
  });
});
