// Playwright's `test` and `expect` for every browser test, with one addition: the test fails when
// the page (or a popup it opens) reports a Content-Security-Policy violation in its console, so the
// shop's policy is proven not to break a page. Import from here, not from @playwright/test.
import { test as base, type ConsoleMessage, expect, type Page } from "@playwright/test";

export * from "@playwright/test";

/** What Chromium writes to the console when the policy blocks something, and what our listener writes. */
const cspMessage =
  /Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame|create|send|run)/i;

/** Every violation also becomes a console error, including those Chromium would only count. */
function reportViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "an inline resource"} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

function watch(page: Page, violations: string[]) {
  page.on("console", (message: ConsoleMessage) => {
    if (cspMessage.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    if (cspMessage.test(error.message)) violations.push(`${page.url()}: ${error.name}: ${error.message}`);
  });
  page.on("popup", (popup) => watch(popup, violations));
}

/**
 * A server-rendered page shows its buttons before the app has hydrated them (decision 023): a page
 * of the shop has been opened once the app marks it ready, as a person sees it working.
 */
async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById("root") || document.documentElement.dataset.app === "ready",
  );
}

function waitForTheAppOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await appReady(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await appReady(page);
    return response;
  };
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const violations: string[] = [];
    await page.context().addInitScript(reportViolations);
    watch(page, violations);
    waitForTheAppOnNavigation(page);
    await use(page);
    expect(violations, "Content Security Policy violations reported in the console").toEqual([]);
  },
});

export { expect };

/**
 * Opens `path` as a link inside the app does: the page renders in the browser and asks the API itself
 * (so `page.route` answers it), where opening the address would get the server-rendered page with its
 * data in it (decision 023). Starts from /login, a page the server does not render.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto("/login");
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}
