import { canOrderNow } from "./lot-rules";
import { pieces } from "./tool-display";

/**
 * What state a tool's stock is in, as the card, the tool page and the order form show it:
 * - `sold-out`: not a piece left;
 * - `low`: some left, but ordering is closed (below what Order Now needs, `canOrderNow`), not even
 *   one minimum lot fits, or the stock is at or below the tool's low-stock level (`lowStockAt`, where
 *   admins are told to restock);
 * - `in-stock`: anything else.
 */
export type StockState = "in-stock" | "low" | "sold-out";

/** What the rule needs to know about a tool. */
export type StockTool = {
  available: number;
  minimum: number;
  /** Null or undefined: the tool has no low-stock level. */
  lowStockAt?: number | null;
};

export function stockState(tool: StockTool): StockState {
  if (tool.available <= 0) return "sold-out";
  if (!canOrderNow(tool) || tool.available < tool.minimum) return "low";
  if (tool.lowStockAt != null && tool.available <= tool.lowStockAt) return "low";
  return "in-stock";
}

export const stockStateLabels: Record<StockState, string> = {
  "in-stock": "In stock",
  low: "Low stock",
  "sold-out": "Sold out",
};

/** The stock as a shopper reads it: "1,200 pieces", or "Sold out" rather than "0 pieces". */
export function stockText(tool: StockTool): string {
  return stockState(tool) === "sold-out" ? stockStateLabels["sold-out"] : pieces(tool.available);
}
