// The public pages arrive as complete HTML (server/web/public-pages.ts, decision 023): what a crawler,
// a visitor without JavaScript and the first paint see is the page itself, and the app takes it over
// without drawing it again or asking again for what it carries.
import { formatDollars } from "../contract/money";
import { lowestUnitPrice } from "../contract/price-breaks";
import { consoleProblems } from "./appearance";
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

/** What a page has in its head: one each, and its address on the pages that have their own. */
const headElements = [
  { html: /<title>/g, css: "title", one: 1 },
  { html: /<meta\s+name="description"/g, css: 'meta[name="description"]', one: 1 },
  { html: /<meta property="og:title"/g, css: 'meta[property="og:title"]', one: 1 },
  { html: /<meta\s+property="og:description"/g, css: 'meta[property="og:description"]', one: 1 },
  { html: /<link rel="canonical"/g, css: 'link[rel="canonical"]', one: 0 },
  { html: /<meta property="og:url"/g, css: 'meta[property="og:url"]', one: 0 },
];

/**
 * The pages with a description and address of their own (PageMeta): the public pages but /tools and
 * the not-found page, which keep index.html's.
 */
const ownAddress = new Set(
  Object.keys(headings).filter((path) => path !== "/tools" && path !== "/no-such-page"),
);

/** index.html's description, which a page without its own keeps. */
const siteDescription =
  /^Car Mechanic supplies workshops with genuine car tools and parts in minimum-quantity lots: upfront pricing, free/;

/**
 * The document's head now: its title, one of each element, and the description and address. An app
 * started from index.html's shell keeps its <title> behind the page's (React adds a title it did not
 * hydrate before the one there), so there the titles are not counted.
 */
async function expectHead(page: Page, title: string, path: string, { fromShell = false } = {}) {
  await expect(page).toHaveTitle(title);
  for (const element of headElements) {
    if (fromShell && element.css === "title") continue;
    await expect(page.locator(`head ${element.css}`), `${path}: ${element.css}`).toHaveCount(
      element.one || (ownAddress.has(path) ? 1 : 0),
    );
  }
  const description = page.locator('meta[name="description"]');
  if (ownAddress.has(path)) {
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    await expect(description).not.toHaveAttribute("content", siteDescription);
  } else {
    await expect(description).toHaveAttribute("content", siteDescription);
  }
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
      // One of each in the head: the page's own took the place of index.html's.
      const head = html.slice(0, html.indexOf("</head>"));
      for (const element of headElements) {
        expect(head.match(element.html)?.length ?? 0, `${path}: ${element.css}`).toBe(
          element.one || (ownAddress.has(path) ? 1 : 0),
        );
      }
      expect(html.slice(head.length).match(/<title>|<meta |rel="canonical"/g), path).toBeNull();
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
      // A tool with volume price breaks shows the lowest ("from $4.95").
      const price = `${formatDollars(lowestUnitPrice(tool))}</span> per piece`;
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

  test("the head has one title and one description, after hydration and as the visitor moves between pages", async ({
    page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/about");
    await expectHead(page, "About Us · Car Mechanic", "/about");
    // From a page with its own description to one with index.html's, and back: no two of anything.
    await nav.getByRole("link", { name: "Tools" }).click();
    await expectHead(page, "Available Car Tools · Car Mechanic", "/tools");
    await nav.getByRole("link", { name: "Blog" }).click();
    await expectHead(page, "Blog · Car Mechanic", "/blog");
    await page.goBack();
    await expectHead(page, "Available Car Tools · Car Mechanic", "/tools");
    await page.goBack();
    await expectHead(page, "About Us · Car Mechanic", "/about");
    // A server-rendered page with index.html's description first, then one with its own.
    await page.goto("/tools");
    await expectHead(page, "Available Car Tools · Car Mechanic", "/tools");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
    await expectHead(page, "Contact Us · Car Mechanic", "/contact");
    // A page the browser renders alone (the sign-in page, the app's shell), then storefront pages.
    await page.goto("/login");
    await expectHead(page, "Login · Car Mechanic", "/login", { fromShell: true });
    await page.getByRole("link", { name: "Car Mechanic home" }).click();
    await expectHead(page, "Car tools and parts for workshops · Car Mechanic", "/", { fromShell: true });
    await nav.getByRole("link", { name: "Tools" }).click();
    await expectHead(page, "Available Car Tools · Car Mechanic", "/tools", { fromShell: true });
  });

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
