// Issue 25: the JavaScript a phone's first visit to / needs before its first render stays within
// 100 kB gzipped (scripts/first-visit-js.ts measures it as `npm run lighthouse` reports it). The
// browser tests run on the build `npm run test:e2e` has just made, so this holds the budget to
// every change. A size, not a time.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstRenderJs, firstVisitBudgetBytes, kb } from "../scripts/first-visit-js";

test("a first visit to / needs at most 100 kB of JavaScript, gzipped, before its first render", () => {
  const first = firstRenderJs(path.resolve(import.meta.dirname, "../dist/web"));
  const chunks = first.files.map((f) => path.basename(f)).join(", ");
  expect(first.bytes, `${kb(first.bytes)} in ${chunks}`).toBeLessThanOrEqual(firstVisitBudgetBytes);
  // The entry and the home page's own chunk are in it: a measurement that found nothing would pass.
  expect(first.files.some((f) => /HomePage-/.test(f))).toBe(true);
  expect(first.files.length).toBeGreaterThan(2);
});
