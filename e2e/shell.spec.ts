import { expectNoSideways } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { screenshot, widths } from "./screenshots";
import { loadWholePageAndImages } from "./scrolling";
import { userSidebarLinks } from "./sidebars";
import { newUser, signInAsAdmin, signUpViaApi } from "./users";

const navLinks = ["Home", "Tools", "Blog", "About", "Login"];

/**
 * Every route of spec §2 with the heading its page shows today (to an admin, for the admin screens).
 * Login-required routes send a visitor to /login (and back afterwards: e2e/accounts.spec.ts).
 */
const specRoutes: { path: string; heading: string; loginRequired?: true }[] = [
  { path: "/home", heading: "Car tools and parts for workshops" },
  { path: "/tools", heading: "Available Car Tools" },
  { path: "/tools/00000000-0000-4000-8000-000000000000", heading: "Tool not found", loginRequired: true },
  { path: "/showProfile", heading: "Your Profile" },
  { path: "/showPortfolio", heading: "Your Portfolio" },
  { path: "/carBenifits", heading: "Car Tools Benefits" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/about", heading: "About Us" },
  { path: "/blog", heading: "Blog" },
  { path: "/terms", heading: "Terms of sale" },
  { path: "/privacy", heading: "Privacy" },
  { path: "/shipping", heading: "Shipping & returns" },
  { path: "/login", heading: "Login" },
  { path: "/forgot-password", heading: "Forgot password?" },
  { path: "/reset-password", heading: "Choose a new password" },
  { path: "/signup", heading: "Sign Up" },
  { path: "/dashboard", heading: "My Orders", loginRequired: true },
  { path: "/dashboard/myReview", heading: "Add Review", loginRequired: true },
  { path: "/dashboard/users", heading: "All Users", loginRequired: true },
  { path: "/dashboard/myProfile", heading: "My Profile", loginRequired: true },
  { path: "/dashboard/createProfile", heading: "Create Profile", loginRequired: true },
  { path: "/dashboard/showAllProfile", heading: "Show All Profile", loginRequired: true },
  {
    path: "/dashboard/payment/00000000-0000-4000-8000-000000000000",
    heading: "Payment",
    loginRequired: true,
  },
  { path: "/dashboard/addTools", heading: "Add A Tools", loginRequired: true },
  { path: "/dashboard/createPortfolio", heading: "Create Portfolio", loginRequired: true },
  { path: "/dashboard/portfolio", heading: "My Portfolio", loginRequired: true },
  { path: "/dashboard/manageTools", heading: "Manage Tools", loginRequired: true },
  { path: "/dashboard/manageAllOrder", heading: "Manage All Order", loginRequired: true },
  { path: "/dashboard/contactMessages", heading: "Contact Messages", loginRequired: true },
  // Beyond the spec: account settings, the mail outbox, the webhooks and a tool's admin page.
  { path: "/dashboard/account", heading: "Account settings", loginRequired: true },
  { path: "/dashboard/outbox", heading: "Outbox", loginRequired: true },
  { path: "/dashboard/webhooks", heading: "Webhooks", loginRequired: true },
  {
    path: "/dashboard/manageTools/00000000-0000-4000-8000-000000000000",
    heading: "Edit tool",
    loginRequired: true,
  },
];

/**
 * Console errors and uncaught exceptions of a page, from now on. The browser also logs every 404
 * response; those are answers the pages handle ("no profile yet", an unknown tool or order), not errors.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    const expectedNotFound = /Failed to load resource: .*status of 404/.test(message.text());
    if (message.type() === "error" && !expectedNotFound) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Waits until every picture that is not lazy has loaded (or failed). */
async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => img.loading !== "lazy")
      .every((img) => img.complete),
  );
}

test("the home page address serves the app with a 200", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
});

async function expectPageInShell(page: Page, path: string, heading: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
  await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
  await expect(page.getByRole("banner"), path).toHaveCount(1);
  await expect(page.getByRole("main"), path).toHaveCount(1);
  await expect(page.getByRole("contentinfo"), path).toHaveCount(1);
  await expect(page, path).toHaveTitle(`${heading} · Car Mechanic`);
  await imagesSettled(page);
}

test("every route of the spec renders its page inside the shell without a console error", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  // Signed out: public pages render; login-required ones send the visitor to /login.
  for (const { path, heading, loginRequired } of specRoutes) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    if (loginRequired) {
      await expect(page, path).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await expectPageInShell(page, path, "Login");
    } else {
      await expectPageInShell(page, path, heading);
    }
  }
  // Signed in as an admin: the login-required pages render too.
  await signInAsAdmin(page.request, baseURL ?? "");
  for (const { path, heading } of specRoutes.filter((route) => route.loginRequired)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectPageInShell(page, path, heading);
  }
  expect(errors).toEqual([]);
});

test("every dashboard page's title starts at the same place, at 1280 and 768 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page.request, baseURL ?? "");
  const dashboardPages = specRoutes.filter((route) => route.path.startsWith("/dashboard"));
  for (const width of [widths.desktop, widths.tablet]) {
    await page.setViewportSize({ width, height: 900 });
    const starts = new Map<string, number>();
    for (const { path, heading } of dashboardPages) {
      await page.goto(path);
      const title = page.getByRole("heading", { level: 1 });
      await expect(title, path).toHaveText(heading);
      starts.set(path, (await title.boundingBox())?.x ?? Number.NaN);
    }
    // Each title's distance from My Orders' (within a pixel counts as none): all of them 0.
    const myOrders = starts.get("/dashboard") ?? Number.NaN;
    const offsets = [...starts].map(([path, x]) => [path, Math.abs(x - myOrders) <= 1 ? 0 : x - myOrders]);
    expect(Object.fromEntries(offsets), `at ${width}px`).toEqual(
      Object.fromEntries(dashboardPages.map(({ path }) => [path, 0])),
    );
    // A narrow page (a form) after a wide one (a list): the title does not jump.
    await page.goto("/dashboard/myReview");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Review");
    await screenshot(page, `dashboard-add-review-${width}`);
    await page.goto("/dashboard/manageTools");
    await expect(page.getByTestId("manage-tool-card").first()).toBeVisible();
    await screenshot(page, `dashboard-manage-tools-${width}`);
  }
});

test("axe finds no serious or critical problem on any dashboard page, none scrolls sideways, at 375, 768 and 1280 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page.request, baseURL ?? "");
  const dashboardPages = specRoutes.filter((route) => route.path.startsWith("/dashboard"));
  for (const width of [widths.phone, widths.tablet, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path, heading } of dashboardPages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ }), path).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, `${path} at ${width}px`);
      await expectNoSideways(page, width, `${path} at ${width}px`);
    }
  }
});

test("public pages do not download dashboard code", async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tools" }).click();
  await expect(page.getByTestId("tool-card").first()).toBeVisible();
  expect(scripts.some((s) => /ToolsPage/.test(s))).toBe(true);
  expect(scripts.filter((s) => /Dashboard/.test(s))).toEqual([]);

  await signUpViaApi(page.request, baseURL ?? "", newUser());
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  expect(scripts.some((s) => /DashboardLayout/.test(s))).toBe(true);
});

test("a new page opens at its top, and Back returns to where the reader left the last one", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.phone, height: 700 });
  await page.goto("/tools");
  await expect(page.getByTestId("tool-card").first()).toBeVisible();
  // The reader scrolls down the list to the footer and follows its link home.
  const home = page.getByRole("contentinfo").getByRole("link", { name: "Car Mechanic", exact: true });
  await home.scrollIntoViewIfNeeded();
  const leftAt = await page.evaluate(() => window.scrollY);
  expect(leftAt).toBeGreaterThan(1000);
  await home.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Available Car Tools");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(leftAt);
});

test.describe("navigation bar", () => {
  test("shows the links inline on a desktop and marks the current page", async ({ page }) => {
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/tools");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of navLinks) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("button", { name: /menu/i })).toBeHidden();

    await expect(nav.getByRole("link", { name: "Tools" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );

    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await nav.getByRole("link", { name: "Car Mechanic home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.goto("/home");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("hides the links behind a menu toggle on a phone", async ({ page }) => {
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Open menu" });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menuId = await toggle.getAttribute("aria-controls");
    expect(menuId).toBeTruthy();
    for (const name of navLinks) await expect(nav.getByRole("link", { name, exact: true })).toBeHidden();

    await toggle.click();
    const close = nav.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${menuId}`)).toBeVisible();
    for (const name of navLinks) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();

    // Escape closes it.
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Tools" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Choosing a link navigates and closes the menu.
    await toggle.click();
    await nav.getByRole("link", { name: "Tools" }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Available Car Tools");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Blog" })).toBeHidden();
  });
});

test("the footer has the Services, Company and Social columns, the app badges and the policies", async ({
  page,
}) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { level: 2 })).toHaveText(["Services", "Company", "Social"]);

  const services = footer.getByRole("region", { name: "Services" });
  await expect(services.getByRole("listitem")).toHaveText([
    "Car Accessories",
    "Body Parts",
    "Engine Parts",
    "Fuel System",
  ]);

  const company = footer.getByRole("region", { name: "Company" });
  // Jobs and Press Kit have no page: left out rather than text that looks like a link.
  await expect(company.getByRole("listitem")).toHaveText(["About Us", "Contact"]);
  await expect(company.getByRole("link")).toHaveText(["About Us", "Contact"]);
  await expect(company.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
  await expect(company.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
  await company.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");

  const social = footer.getByRole("region", { name: "Social" }).getByRole("link");
  await expect(social).toHaveCount(3);
  for (const link of await social.all()) {
    await expect(link).toHaveAccessibleName(/^Car Mechanic on \w+/);
    await expect(link.locator("svg")).toHaveCount(1);
  }

  for (const name of ["Download on the App Store", "Get it on Google Play"]) {
    const badge = footer.getByRole("link", { name: new RegExp(name) });
    await expect(badge).toHaveAttribute("target", "_blank");
    await expect(badge).toHaveAttribute("rel", /noopener/);
    await expect(badge).toHaveAttribute("href", /^https:\/\//);
    const img = badge.getByRole("img", { name });
    await expect(img).toHaveAttribute("width", "180");
    await expect(img).toHaveAttribute("height", "54");
  }

  await expect(footer).toContainText("© 2026 Car Mechanic");

  // The shop's terms, privacy and shipping pages open from the footer of every page.
  const policies = footer.getByRole("navigation", { name: "Policies" });
  await expect(policies.getByRole("link")).toHaveText(["Terms of sale", "Privacy", "Shipping & returns"]);
  for (const [name, path] of [
    ["Terms of sale", "/terms"],
    ["Privacy", "/privacy"],
    ["Shipping & returns", "/shipping"],
  ] as const) {
    await policies.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} · Car Mechanic`);
  }
});

test("the dashboard has a sidebar, toggled on small screens", async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL ?? "", newUser());
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/dashboard");
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar.getByRole("link")).toHaveText(userSidebarLinks);
  await expect(page.getByRole("button", { name: "Dashboard menu" })).toBeHidden();
  await expect(sidebar.getByRole("link", { name: "My Orders" })).toHaveAttribute("aria-current", "page");
  await sidebar.getByRole("link", { name: "Create Portfolio" }).click();
  await expect(page).toHaveURL(/\/dashboard\/createPortfolio$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Portfolio");
  await expect(sidebar.getByRole("link", { name: "My Orders" })).not.toHaveAttribute("aria-current", "page");

  await page.setViewportSize({ width: widths.phone, height: 900 });
  const toggle = page.getByRole("button", { name: "Dashboard menu" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(sidebar).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole("link", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Profile");
  await expect(sidebar).toBeHidden();
  await screenshot(page, "dashboard-375");
});

test("an unknown path shows the not-found page with a 404 status", async ({ page }) => {
  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found · Car Mechanic");
    // The picture is decoration: the heading alone says "Page not found", to the eye and to a screen reader.
    const img = page.getByRole("main").locator("img");
    await expect(img).toHaveAttribute("src", "/images/not-found.svg");
    await expect(img).toHaveAttribute("alt", "");
    await expect(page.getByRole("main").getByRole("img")).toHaveCount(0);
    await expect(img).toHaveAttribute("width", "800");
    await expect(img).toHaveAttribute("height", "400");
    await imagesSettled(page);
    await screenshot(page, `not-found-${width}`);
  }
  const picture = await page.request.get("/images/not-found.svg");
  expect(picture.status()).toBe(200);
  expect(await picture.text(), "the picture's own words").not.toMatch(
    /not found|<title>|<text[^>]*>[^<]*[a-z]{2}/i,
  );
  await page.getByRole("main").getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
});

test("home shell screenshots at phone and desktop widths", async ({ page }) => {
  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
    // The whole page as a shopper scrolling it sees it: the sections and pictures that load on approach in.
    await loadWholePageAndImages(page);
    await expectNoSideways(page, width);
    await screenshot(page, `home-${width}`);
  }
  await page.setViewportSize({ width: widths.phone, height: 900 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await screenshot(page, "home-375-menu");
});
