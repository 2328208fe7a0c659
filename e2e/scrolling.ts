import type { Page } from "@playwright/test";

/**
 * Scrolls through the page as a reader would, so every section loaded on approach (the rest of the
 * home page, the calendar, the contact form) is there, then waits for the network to settle and
 * returns to the top.
 */
export async function loadWholePage(page: Page): Promise<void> {
  for (let y = 0; ; y += 500) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (y > height) break;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The whole page loaded as above, then every picture on it settled (loaded or failed), for a screenshot. */
export async function loadWholePageAndImages(page: Page): Promise<void> {
  await loadWholePage(page);
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}
