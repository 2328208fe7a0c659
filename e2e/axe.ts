import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One line a violation: its rule and the elements it found. */
function describe(v: Violation): string {
  return `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
}

/** Axe (WCAG 2.0–2.2 A and AA, and best practice) finds nothing serious or critical on the whole page. */
export async function expectNoSeriousAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(describe);
  expect(serious, label).toEqual([]);
}

/** Axe (WCAG 2.0–2.1 A and AA) finds nothing of any impact on the page, or on the part `include` selects. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map(describe)).toEqual([]);
}

/**
 * Axe measures the contrast of every text inside `include` and finds it enough: no text fails, and
 * none is left for a person to check (axe cannot measure text over a picture or a gradient).
 */
export async function expectMeasuredContrast(page: Page, include: string, label?: string): Promise<void> {
  const { violations, incomplete } = await new AxeBuilder({ page })
    .include(include)
    .withRules(["color-contrast"])
    .analyze();
  expect({ failed: violations.map(describe), unmeasured: incomplete.map(describe) }, label).toEqual({
    failed: [],
    unmeasured: [],
  });
}
