import type { BodySchema } from "./api";

// Building blocks for small response parsers (see BodySchema in api.ts): plain functions that
// return the value in its checked type, or undefined when it has another shape.

export type Parse<T> = (value: unknown) => T | undefined;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === "string";
}

export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

/** An array whose every item `item` accepts. */
export function listOf<T>(item: Parse<T>): Parse<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const items: T[] = [];
    for (const entry of value) {
      const parsed = item(entry);
      if (parsed === undefined) return undefined;
      items.push(parsed);
    }
    return items;
  };
}

/** The parse function as a BodySchema, for readJson and apiJson. */
export function bodySchema<T>(parse: Parse<T>): BodySchema<T> {
  return {
    safeParse(body) {
      const data = parse(body);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}
