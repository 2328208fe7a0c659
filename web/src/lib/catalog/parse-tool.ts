import type { Tool } from "#contract/catalog";
import { isInteger, isNumber, isRecord, isString } from "../parse";

/**
 * A tool from the API, checked without zod: the home page and the tools list are what a first visit
 * loads, and zod would be most of their code. It accepts what `toolSchema` (contract/catalog.ts)
 * accepts (parse-tool.test.ts checks both on the same bodies); a new field in Tool fails to compile
 * here until it is checked too.
 */
export function parseTool(value: unknown): Tool | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, name, img, price, minimum, maximum, increment, available, leadTimeDays, description } = value;
  const { sku, lowStockAt } = value;
  if (!isString(_id) || !isString(name) || !isString(img) || !isString(description)) return undefined;
  if (!isNumber(price) || !isInteger(minimum) || !isInteger(increment) || !isInteger(available))
    return undefined;
  if (!isInteger(leadTimeDays) || !(maximum === null || isInteger(maximum))) return undefined;
  if (!(sku === null || isString(sku)) || !(lowStockAt === null || isInteger(lowStockAt))) return undefined;
  return {
    _id,
    name,
    img,
    price,
    minimum,
    maximum,
    increment,
    available,
    leadTimeDays,
    description,
    sku,
    lowStockAt,
  };
}
