import { z } from "zod";

// Field builders the forms and the server share, so a form shows the same message the API sends.

export const tooLong = (max: number) => `Use at most ${max.toLocaleString("en-US")} characters`;

/** Trimmed text that must not be empty; `required` when missing or blank. */
export function requiredText(required: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong(max));
}

/** How a number sent as text may be written by default: decimal notation, spaces around allowed. */
const decimalNumber = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

/** Form inputs give strings ("" when empty) or NaN; JSON clients give numbers. Empty means missing. */
function toNumber(value: unknown, notation: RegExp): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") return Number.isNaN(value) ? undefined : value;
  if (typeof value === "string") {
    if (value.trim() === "") return undefined;
    // Decimal notation only: Number() would also read "0x10" as 16 and "0b11" as 3.
    return notation.test(value) ? Number(value) : value;
  }
  return value;
}

/**
 * A number typed into a form; `schema` holds the rules and messages of the number itself. Text is
 * read when it is written as `notation` says (decimal notation by default); other text is no number.
 */
export function formNumber<T extends z.ZodType>(schema: T, notation: RegExp = decimalNumber) {
  return z.preprocess((value) => toNumber(value, notation), schema);
}

/** The number's own error: `required` when missing, `invalid` for anything that is not a number. */
export function numberError(required: string, invalid: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid) };
}

export const uuidParams = (message: string) => z.object({ id: z.uuid({ error: message }) });
