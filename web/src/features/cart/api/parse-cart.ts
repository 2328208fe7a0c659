import type { Cart, CartLine } from "#contract/cart";
import { bodySchema, isInteger, isNumber, isRecord, isString, listOf } from "#web/lib/parse";

/**
 * A cart line from the API, checked without zod: the bar's cart count reads the cart on every page a
 * signed-in buyer opens, and zod would be most of its code. It accepts what `cartLine`
 * (contract/cart.ts) accepts, the tool's id read as any string (parse-cart.test.ts checks both on
 * the same bodies).
 */
function parseCartLine(value: unknown): CartLine | undefined {
  if (!isRecord(value)) return undefined;
  const { toolId, sku, name, img, quantity, unitPrice, lineTotal, addedUnitPrice, problem } = value;
  if (!isString(toolId) || !isString(sku) || !isString(name) || !isString(img)) return undefined;
  if (!isInteger(quantity) || !isNumber(unitPrice) || !isNumber(lineTotal) || !isNumber(addedUnitPrice)) {
    return undefined;
  }
  if (!(problem === null || isString(problem))) return undefined;
  return { toolId, sku, name, img, quantity, unitPrice, lineTotal, addedUnitPrice, problem };
}

const parseLines = listOf(parseCartLine);

/** GET /api/cart and every change's answer: the lines and the total. */
export function parseCart(value: unknown): Cart | undefined {
  if (!isRecord(value) || !isNumber(value.total)) return undefined;
  const lines = parseLines(value.lines);
  return lines && { lines, total: value.total };
}

export const cartBody = bodySchema(parseCart);
