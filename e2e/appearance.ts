import { expect, type Locator, type Page } from "@playwright/test";

/** The colour an element's text is drawn in, as [r, g, b]. */
async function textRgb(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

/** The element's text is drawn in red. */
export async function expectRed(locator: Locator): Promise<void> {
  const [r = 0, g = 0, b = 0] = await textRgb(locator);
  expect(r, `rgb(${r}, ${g}, ${b}) is red`).toBeGreaterThan(150);
  expect(g).toBeLessThan(80);
  expect(b).toBeLessThan(80);
}

/** Nothing on the page is wider than `width` (the viewport's): no sideways scrolling. */
export async function expectNoSideways(page: Page, width: number, label?: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, label).toBeLessThanOrEqual(width);
}

/**
 * Waits for the toasts to close (5 s): axe reads a toast's colours mid-animation, half transparent,
 * as too little contrast.
 */
export async function toastsClosed(page: Page): Promise<void> {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
}

/** The element is no wider than the box it scrolls in: no column of a table hidden behind a sideways scroll. */
export async function expectFitsItsBox(locator: Locator, label?: string): Promise<void> {
  const { width, box } = await locator.evaluate((el) => ({
    width: el.scrollWidth,
    box: el.parentElement?.clientWidth ?? 0,
  }));
  expect(width, label).toBeLessThanOrEqual(box);
}

/** Every console error or warning, and every uncaught error, while the page is open (a hydration mismatch is one). */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
