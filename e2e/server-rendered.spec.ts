// The public pages arrive as complete HTML (server/web/public-pages.ts, decision 023): what a crawler,
// a visitor without JavaScript and the first paint see is the page itself, and the app takes it over
// without drawing it again or asking again for what it carries.
import { formatDollars } from "../contract/money";
import { catalog } from "./catalog";
import { expect, type Page, test } from "./fixtures";
import { openWithTheAppHeld } from "./held-app";

const headings: Record<string, string> = {
  "/": "Car tools and parts for workshops",
  "/tools": "Available Car Tools",
  "/about": "About Us",
  "/carBenifits": "Car Tools Benefits",
  "/contact": "Contact Us",
  "/blog": "Blog",
  "/terms": "Terms of sale",
  "/privacy": "Privacy",
  "/shipping": "Shipping &amp; returns",
  "/no-such-page": "Page not found",
};

const demoReviewTexts = [
  "Prices are clear up front and the pick-up from our garage door saves us a trip.",
  "The torque wrenches arrived calibrated with certificates.",
];

/** Every console error or warning, and every uncaught error, while the page is open. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Calls the app makes to the API for the catalog and the reviews (what a rendered page carries). */
function dataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/api/service" || pathname.startsWith("/api/review")) urls.push(request.url());
  });
  return urls;
}

test.describe("server-rendered public pages", () => {
  test("each public page's HTML, fetched without JavaScript, holds its heading and title", async ({
    request,
  }) => {
    for (const [path, heading] of Object.entries(headings)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
      const html = await response.text();
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html, path).toMatch(/<title>[^<]+ · Car Mechanic<\/title>/);
      expect(html, `${path}: the app's shell message`).not.toContain("needs JavaScript");
    }
  });

  test("the home page and /tools carry the tools' names and prices, the home page the reviews", async ({
    page,
    request,
  }) => {
    const tools = await catalog(page);
    const home = await (await request.get("/")).text();
    const list = await (await request.get("/tools")).text();
    for (const tool of tools.slice(0, 6)) {
      const price = `${formatDollars(tool.price)}</span> per piece`;
      expect(home, tool.name).toContain(tool.name);
      expect(home, tool.name).toContain(price);
      expect(list, tool.name).toContain(tool.name);
      expect(list, tool.name).toContain(price);
    }
    for (const text of demoReviewTexts) expect(home).toContain(text);
  });

  for (const path of ["/", "/tools", "/about", "/contact"]) {
    test(`${path} hydrates the server's page: same elements, no console error, no data asked again`, async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const requests = dataRequests(page);
      // Hold the app's code until the server's page has been marked, to tell its elements from new ones.
      const release = await openWithTheAppHeld(page, path);
      const heading = page.getByRole("heading", { level: 1 });
      await heading.evaluate((element) => element.setAttribute("data-from-server", ""));
      release();
      // Hydrated: the menu button answers (a server page's button alone does nothing).
      await page.setViewportSize({ width: 375, height: 800 });
      const menu = page.getByRole("button", { name: "Open menu" });
      await expect(async () => {
        await menu.click();
        await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible({ timeout: 500 });
      }).toPass();
      await expect(heading, "the heading is still the server's element").toHaveAttribute(
        "data-from-server",
        "",
      );
      // The lower sections (the home page's tools preview and reviews) hydrate as they come near.
      await page.keyboard.press("Escape");
      await page.mouse.wheel(0, 20_000);
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
      if (path === "/") {
        await expect(page.getByRole("list", { name: "Featured tools" }).locator(":scope > li")).toHaveCount(
          6,
        );
        await expect(page.getByText(demoReviewTexts[0] as string)).toBeVisible();
      }
      expect(requests, "calls for data the page already carried").toEqual([]);
      expect(problems.filter((text) => /hydrat|did not match|recoverable/i.test(text))).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test("a visitor without JavaScript reads the catalog and follows its links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Car tools and parts for workshops" }),
    ).toBeAttached();
    await expect(page.getByRole("list", { name: "Featured tools" }).locator(":scope > li")).toHaveCount(6);
    await page.getByRole("link", { name: "See all tools" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("heading", { level: 1, name: "Available Car Tools" })).toBeVisible();
    const cards = page.getByRole("list", { name: "Tools" }).locator(":scope > li");
    await expect(cards.first()).toContainText("per piece");
    const next = page.getByRole("link", { name: /next/i });
    if (await next.count()) {
      await next.first().click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards.first()).toContainText("per piece");
    }
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await context.close();
  });
});
