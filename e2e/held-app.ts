import type { Page } from "@playwright/test";

/**
 * Opens `path` with the app's code held back, once its heading is there: what the browser shows from
 * the server's HTML alone (decision 023). Call the answer to let the code load.
 */
export async function openWithTheAppHeld(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not "domcontentloaded": that waits for the held module.
  await page.goto(path, { waitUntil: "commit" });
  await page.getByRole("heading", { level: 1 }).waitFor({ state: "attached" });
  return release;
}
