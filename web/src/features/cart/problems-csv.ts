import type { QuickOrderProblem } from "#contract/cart";
import { neutraliseFormula } from "#contract/csv-cells";

/**
 * The problem lines of a quick order as a CSV file, with their line numbers in the list as sent.
 * csv-stringify (its browser build) loads only when a buyer asks for the file.
 */
export async function problemsCsv(problems: readonly QuickOrderProblem[]): Promise<string> {
  const { stringify } = await import("csv-stringify/browser/esm/sync");
  return stringify(
    problems.map((p) => [p.line, p.sku, p.quantity ?? "", p.error, p.suggestedQuantity ?? ""]),
    {
      header: true,
      columns: ["line", "sku", "quantity", "problem", "suggested quantity"],
      cast: { string: neutraliseFormula },
    },
  );
}

/** Saves `text` as a file the browser downloads. */
export function downloadText(text: string, filename: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
