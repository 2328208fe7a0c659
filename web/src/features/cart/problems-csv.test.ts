import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { problemsCsv } from "./problems-csv";

describe("a quick order's problems as CSV", () => {
  it("keeps each line's number in the list, and reads back as it was written", async () => {
    const csv = await problemsCsv([
      {
        line: 3,
        sku: "NOPE-1",
        quantity: 5,
        error: "No tool on sale has the SKU NOPE-1",
        suggestedQuantity: null,
      },
      { line: 12, sku: "BRK, 20", quantity: 15, error: 'Order in steps of 10 "lots"', suggestedQuantity: 20 },
      {
        line: 40,
        sku: "SPK",
        quantity: null,
        error: "Enter the quantity as a number",
        suggestedQuantity: 100,
      },
    ]);
    expect(csv.split("\n")[0]).toBe("line,sku,quantity,problem,suggested quantity");
    expect(parse(csv, { from_line: 2 })).toEqual([
      ["3", "NOPE-1", "5", "No tool on sale has the SKU NOPE-1", ""],
      ["12", "BRK, 20", "15", 'Order in steps of 10 "lots"', "20"],
      ["40", "SPK", "", "Enter the quantity as a number", "100"],
    ]);
  });

  it("keeps a cell a spreadsheet would run as a formula as text", async () => {
    const csv = await problemsCsv([
      {
        line: 2,
        sku: '=HYPERLINK("x")',
        quantity: 1,
        error: "No tool on sale has that SKU",
        suggestedQuantity: null,
      },
      { line: 5, sku: "@SUM(A1)", quantity: 1, error: "-1 is not a quantity", suggestedQuantity: null },
    ]);
    const [first, second] = parse(csv, { from_line: 2 }) as string[][];
    expect(first?.[1]).toBe('\'=HYPERLINK("x")');
    expect(second?.[1]).toBe("'@SUM(A1)");
    expect(second?.[3]).toBe("'-1 is not a quantity");
  });
});
