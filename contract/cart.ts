import { z } from "zod";
import { cartAnswer, errorAnswer } from "./answers";
import { type LotRule, type LotTool, lotProblem, lotRange } from "./lot-rules";

/** A cart (and so an order placed from it) holds at most this many lines. */
export const maxCartLines = 500;
/** The most text a quick-order paste or file may hold (a 500-line list is far below it). */
export const maxQuickOrderBytes = 200_000;

// The cart's answer (its lines and total) is defined once, with the web app's other answers.
export { type Cart, type CartLine, cartAnswer, cartLineAnswer } from "./answers";

export const cartLineParams = z.object({ toolId: z.uuid({ error: "That is not a valid tool id" }) });

/** PUT /api/cart/lines/{toolId}: the line's quantity (adds the line when it is not in the cart). */
export const cartLineBody = z.object({
  quantity: z
    .number({ error: "Enter the quantity as a number of pieces" })
    .int("Order a whole number of pieces")
    .positive("Order at least 1 piece")
    .max(Number.MAX_SAFE_INTEGER, "That quantity is too large"),
});

/** A refused quantity: the rule's message and the nearest quantity the rules allow (null: none does). */
export const lotRefusal = z.object({
  error: z.string(),
  rule: z.enum(["whole", "minimum", "maximum", "stock", "step"]).optional(),
  suggestedQuantity: z.number().int().nullable(),
});
export type LotRefusal = z.infer<typeof lotRefusal>;

/**
 * 400 and 409 from PUT /api/cart/lines/{toolId}: a quantity the lot rules refuse (`lotRefusal`), or
 * `error` alone (a body that is no quantity; a cart that is full).
 */
export const cartLineRefusal = z.union([lotRefusal, errorAnswer]);

/**
 * The valid quantity nearest to `quantity` (ties go up: a workshop would rather have one more lot
 * than run short), or null when the tool cannot be ordered in any quantity now.
 */
export function suggestedQuantity(tool: LotTool, quantity: number): number | null {
  const { minimum, largest, step, soldOut } = lotRange(tool);
  if (soldOut) return null;
  if (!Number.isFinite(quantity) || quantity <= minimum) return minimum;
  const top = Math.floor(largest / step) * step;
  if (top < minimum) return null;
  if (quantity >= top) return top;
  const down = Math.max(minimum, Math.floor(quantity / step) * step);
  const up = Math.min(top, Math.ceil(quantity / step) * step);
  return quantity - down < up - quantity ? down : up;
}

/** The rule a quantity breaks, with its message and the nearest valid quantity; undefined when fine. */
export function lotRefusalOf(
  tool: LotTool,
  quantity: number,
): { error: string; rule: LotRule; suggestedQuantity: number | null } | undefined {
  const problem = lotProblem(tool, quantity);
  if (!problem) return undefined;
  return { error: problem.message, rule: problem.rule, suggestedQuantity: suggestedQuantity(tool, quantity) };
}

/** POST /api/cart/quick-order as JSON: the pasted list (`SKU quantity` a line). */
export const quickOrderBody = z.object({
  text: z
    .string({ error: "Paste your list: one SKU and quantity a line" })
    .max(maxQuickOrderBytes, `Paste at most ${maxQuickOrderBytes.toLocaleString("en-US")} characters`),
});

/** A line of the list that did not go into the cart, with its line number in what was sent (1-based). */
export const quickOrderProblem = z.object({
  line: z.number().int(),
  sku: z.string(),
  quantity: z.number().nullable(),
  error: z.string(),
  suggestedQuantity: z.number().int().nullable(),
});
export type QuickOrderProblem = z.infer<typeof quickOrderProblem>;

export const quickOrderAnswer = z.object({
  added: z.array(
    z.object({ line: z.number().int(), sku: z.string(), toolId: z.uuid(), quantity: z.number().int() }),
  ),
  problems: z.array(quickOrderProblem),
  cart: cartAnswer,
});
export type QuickOrderAnswer = z.infer<typeof quickOrderAnswer>;
