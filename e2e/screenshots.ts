import type { Locator, Page } from "@playwright/test";

export const widths = { phone: 375, tablet: 768, desktop: 1280 } as const;

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/** The same, taken from the top of the page: scrolled down, the sticky header would be drawn mid-page. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The same, of one part of the page (the hero, a card) as it is drawn on the screen. */
export async function screenshotPart(locator: Locator, name: string): Promise<void> {
  await locator.screenshot({ path: `e2e/screenshots/${name}.png` });
}
