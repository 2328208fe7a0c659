import type { z } from "zod";
import { orderNowMinimumStock, pieces } from "./tool-display";

export { orderNowMinimumStock };

/**
 * The shop's ordering rule (the spec: "Order Now needs available stock of at least 500."): a tool
 * can be ordered only while this much is in stock. The card, the tool page and the server all ask
 * `canOrderNow`, and all say `orderNowMessage` when it cannot.
 */
export const orderNowMessage = `Order Now needs available stock of at least ${orderNowMinimumStock}.`;

export function canOrderNow(tool: { available: number }): boolean {
  return tool.available >= orderNowMinimumStock;
}

// The shop sells in lots. One validator, used by the order form and by the server:
// quantity is a whole number, at least the minimum, at most the maximum and the stock,
// in steps of the increment (counted from 0; the minimum is itself a multiple of it).

/** What the rules need to know about a tool. */
export type LotTool = {
  minimum: number;
  /** Most pieces per order; null or undefined means only the stock limits it. */
  maximum?: number | null;
  /** Orders come in steps of this many pieces; undefined means 1. */
  increment?: number | null;
  /** Pieces in stock. */
  available: number;
};

/** Which rule a quantity broke. "stock" is a conflict with the current stock, the others bad input. */
export type LotRule = "whole" | "minimum" | "maximum" | "stock" | "step";

export type LotProblem = { rule: LotRule; message: string };

const count = (n: number) => n.toLocaleString("en-US");

/** The first rule the quantity breaks, with a message that says what to do; undefined when it is fine. */
export function lotProblem(tool: LotTool, quantity: unknown): LotProblem | undefined {
  if (typeof quantity !== "number" || !Number.isInteger(quantity)) {
    return { rule: "whole", message: "Order a whole number of pieces" };
  }
  if (!canOrderNow(tool)) return { rule: "stock", message: orderNowMessage };
  if (quantity < tool.minimum) return { rule: "minimum", message: `Order at least ${pieces(tool.minimum)}` };
  if (tool.maximum != null && quantity > tool.maximum) {
    return { rule: "maximum", message: `Order at most ${pieces(tool.maximum)}` };
  }
  if (quantity > tool.available) {
    const message = tool.available > 0 ? `Only ${pieces(tool.available)} left` : "This tool is sold out";
    return { rule: "stock", message };
  }
  const increment = tool.increment ?? 1;
  if (quantity % increment !== 0) return { rule: "step", message: `Order in steps of ${count(increment)}` };
  return undefined;
}

/** The message for a quantity that breaks a lot rule, or undefined when the quantity can be ordered. */
export function checkLot(tool: LotTool, quantity: unknown): string | undefined {
  return lotProblem(tool, quantity)?.message;
}

/**
 * A zod check for a quantity field of a form whose tool is known:
 * `schema.superRefine(refineLot(tool, (v) => v.orderMinimum, ["orderMinimum"]))`.
 */
export function refineLot<T>(tool: LotTool, pick: (value: T) => unknown, path: PropertyKey[] = []) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const message = checkLot(tool, pick(value));
    // A copy per issue: zod prefixes the field name onto the path array in place.
    if (message) ctx.addIssue({ code: "custom", message, path: [...path] });
  };
}

/** The quantities a tool can be ordered in now: `minimum` to `largest` in steps of `step`. */
export type LotRange = { minimum: number; largest: number; step: number; soldOut: boolean };

/**
 * A tool's lot range: up to its maximum per order and its stock, whichever is smaller, in steps of
 * its increment; sold out when not even the minimum fits, or ordering is closed (`canOrderNow`).
 */
export function lotRange(tool: LotTool): LotRange {
  const largest = Math.min(tool.maximum ?? tool.available, tool.available);
  return {
    minimum: tool.minimum,
    largest,
    step: Math.max(1, tool.increment ?? 1),
    soldOut: largest < tool.minimum || !canOrderNow(tool),
  };
}

/**
 * The next lot up (1) or down (-1) from `current` (the minimum when it is not a number): back onto
 * the step grid first, then one step; never past the range.
 */
export function nextLot(tool: LotTool, current: unknown, direction: 1 | -1): number {
  const { minimum, largest, step } = lotRange(tool);
  const from = typeof current === "number" && Number.isFinite(current) ? current : minimum;
  const onGrid = direction === 1 ? Math.ceil(from / step) * step : Math.floor(from / step) * step;
  return Math.min(largest, Math.max(minimum, onGrid === from ? from + direction * step : onGrid));
}
