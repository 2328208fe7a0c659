/**
 * The flags Chromium runs with for the browser tests (playwright.config.ts) and Lighthouse
 * (scripts/lighthouse.ts): headless, no sandbox or GPU, and no calls home of its own.
 */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
