import { expect } from "vitest";
import type * as z from "zod/mini";

/**
 * Holds an answer to its one definition in contract/answers.ts, the schema the web app reads it
 * with: accepted, and read as sent (no field the schema does not know, none it would change).
 */
export function expectAnswer(schema: z.ZodMiniType, body: unknown): void {
  const read = schema.safeParse(body);
  expect(read.error?.issues).toBeUndefined();
  expect(read.data).toEqual(body);
}
