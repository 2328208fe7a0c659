// Trust at the till (issue 23): the footer links only to what exists, the profile menu shows who is
// signed in (whole name and email, their photo), a signed-in buyer's first paint of a server-rendered
// page already has the Dashboard link, and Make Admin names the person before it acts.
import type { UploadResponse } from "../contract/uploads";
import { expectNoSideways } from "./appearance";
import { expect, type Page, test } from "./fixtures";
import { openWithTheAppHeld } from "./held-app";
import { screenshot, screenshotPart, widths } from "./screenshots";
import { photoFile } from "./test-images";
import { newUser, signInAsAdmin, signUpViaApi, verifyViaOutbox } from "./users";

/** The links e2e/serve.ts sets (FACEBOOK_URL, X_URL, YOUTUBE_URL, APP_STORE_URL, GOOGLE_PLAY_URL). */
const socialLinks = {
  "Car Mechanic on Facebook": "https://www.facebook.com/carmechanic.shop",
  "Car Mechanic on X": "https://x.com/carmechanicshop",
  "Car Mechanic on YouTube": "https://www.youtube.com/@carmechanicshop",
};
const storeLinks = {
  "Download on the App Store": "https://apps.apple.com/app/car-mechanic/id6450000000",
  "Get it on Google Play": "https://play.google.com/store/apps/details?id=shop.carmechanic.app",
};
/** Where the old badges went: a store's front page, not an app. */
const storeHomePages = /^https:\/\/(apps\.apple\.com|play\.google\.com\/store\/apps)\/?$/;

async function footerHrefs(page: Page): Promise<string[]> {
  return page
    .getByRole("contentinfo")
    .locator("a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}

for (const width of [widths.phone, widths.desktop]) {
  test(`the footer links only where something is, at ${width}px: the set social and store links, no '#'`, async ({
    page,
    request,
  }) => {
    // Without JavaScript: the server's page already has the links (they are the page's data too).
    const html = await (await request.get("/about")).text();
    const footerHtml = html.slice(html.indexOf("<footer"));
    for (const href of [...Object.values(socialLinks), ...Object.values(storeLinks)]) {
      expect(footerHtml).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
    }
    expect(footerHtml).not.toMatch(/href="#/);

    await page.setViewportSize({ width, height: 900 });
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    for (const href of await footerHrefs(page)) {
      expect(href, "a footer link").not.toMatch(/^#/);
      expect(href, "a footer link").not.toMatch(storeHomePages);
    }
    const social = footer.getByRole("region", { name: "Social" });
    for (const [name, href] of Object.entries(socialLinks)) {
      const link = social.getByRole("link", { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    for (const [name, href] of Object.entries(storeLinks)) {
      await expect(footer.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
    }
    // The services are plain text, drawn unlike the links: no underline, as a bulleted list.
    const service = footer.getByRole("region", { name: "Services" }).getByRole("listitem").first();
    await expect(service).toHaveCSS("text-decoration-line", "none");
    await expect(service).toHaveCSS("display", "list-item");
    await expect(footer.getByRole("link", { name: "About Us" })).toHaveCSS(
      "text-decoration-line",
      "underline",
    );
    await expect(footer).not.toContainText("Jobs");
    await expect(footer).not.toContainText("Press Kit");
    await expectNoSideways(page, width);
    await screenshotPart(footer, `footer-links-${width}`);
  });
}

test("with no social or store link set, the footer shows no Social column and no badges", async ({
  page,
}) => {
  // A page the browser draws asks for the links itself: as a shop without any set would answer.
  await page.route("**/api/shop-links", (route) => route.fulfill({ json: {} }));
  await page.goto("/login");
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByRole("heading", { level: 2 })).toHaveText(["Services", "Company"]);
  await expect(footer.getByRole("list", { name: "Get our app" })).toHaveCount(0);
  for (const href of await footerHrefs(page)) expect(href).toMatch(/^\/([a-z]|$)/);
  await screenshotPart(footer, "footer-no-links-1280");
});

test("the profile menu shows the user's whole name and email and the photo of their profile", async ({
  page,
  baseURL,
}) => {
  const user = newUser("Dana Ortiz (Northside Garage Supplies)");
  user.email = `dana.ortiz.purchasing.${user.email}`;
  await signUpViaApi(page.request, baseURL ?? "", user);
  const upload = await page.request.post("/api/upload", {
    headers: { origin: baseURL ?? "" },
    multipart: { image: photoFile("dana.png", { from: [234, 88, 12], to: [15, 23, 42] }) },
  });
  expect(upload.status()).toBe(201);
  const { data } = (await upload.json()) as UploadResponse;
  const profile = await page.request.post("/api/myProfile", {
    headers: { origin: baseURL ?? "" },
    data: {
      name: user.name,
      email: user.email,
      education: "Bachelor",
      location: "Austin, Texas",
      phone: "+1 512 555 0100",
      linkedIn: "dana-ortiz",
      img: data.url,
    },
  });
  expect(profile.status()).toBe(201);

  const nav = page.getByRole("navigation", { name: "Main" });
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/tools");
  const button = nav.getByRole("button", { name: "Profile menu" });
  await expect(button.locator("img")).toHaveAttribute("src", data.url);
  await button.click();
  const menu = page.locator(`#${await button.getAttribute("aria-controls")}`);
  for (const text of [user.name, user.email]) {
    const line = menu.getByText(text, { exact: true });
    await expect(line).toBeVisible();
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth), `${text} is not cut`).toBe(true);
  }
  await expect(menu.locator("img").first()).toHaveAttribute("src", data.url);
  await screenshot(page, "profile-menu-1280");

  await page.setViewportSize({ width: widths.phone, height: 900 });
  await page.goto("/tools");
  await nav.getByRole("button", { name: "Open menu" }).click();
  for (const text of [user.name, user.email]) {
    const line = nav.getByText(text, { exact: true }).filter({ visible: true });
    await expect(line).toBeVisible();
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth), `${text} is not cut`).toBe(true);
  }
  await expect(nav.locator(`img[src="${data.url}"]`).filter({ visible: true })).toHaveCount(1);
  await expectNoSideways(page, widths.phone);
  await screenshot(page, "profile-menu-375");
});

for (const width of [widths.phone, widths.desktop]) {
  test(`a signed-in buyer's first paint of /tools has the Dashboard link, before the app runs, at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    await signUpViaApi(page.request, baseURL ?? "", newUser("First Paint Buyer"));
    await page.setViewportSize({ width, height: 900 });
    const release = await openWithTheAppHeld(page, "/tools");
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    // By its address: on a phone it sits in the closed menu, which the accessibility tree leaves out.
    const dashboard = page.locator('nav[aria-label="Main"] a[href="/dashboard"]');
    await expect(dashboard).toHaveText("Dashboard");
    if (width === widths.desktop) {
      await expect(dashboard).toBeVisible();
    } else {
      // On a phone the bar's links are in the closed menu: the link is there, not hidden itself.
      expect(await dashboard.evaluate((a) => getComputedStyle(a.parentElement as Element).display)).not.toBe(
        "none",
      );
    }
    await screenshot(page, `first-paint-signed-in-${width}`);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
    if (width === widths.desktop) await expect(dashboard).toBeVisible();

    // A visitor's first paint of the same page has no Dashboard link.
    await page.context().clearCookies();
    await page.unrouteAll();
    const releaseAgain = await openWithTheAppHeld(page, "/tools");
    await expect(dashboard).toBeHidden();
    releaseAgain();
  });
}

for (const width of [widths.phone, widths.desktop]) {
  test(`Make Admin asks first, naming the person, and is off for an unverified account, at ${width}px`, async ({
    page,
    request,
    baseURL,
  }) => {
    const unverified = newUser("Unverified Mechanic");
    const verified = newUser("Verified Mechanic");
    await signUpViaApi(request, baseURL ?? "", unverified);
    await signUpViaApi(request, baseURL ?? "", verified);
    await verifyViaOutbox(baseURL ?? "", verified.email);
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/users");
    const entryOf = (email: string) =>
      page.getByTestId(width === widths.desktop ? "user-row" : "user-card").filter({ hasText: email });
    const off = entryOf(unverified.email).getByRole("button", { name: /Make Admin/ });
    await expect(off).toBeDisabled();
    await expect(off).toHaveAccessibleDescription("Email not verified yet");

    // A verified account's button asks first, naming them; Cancel changes nothing.
    await entryOf(verified.email)
      .getByRole("button", { name: /Make Admin/ })
      .click();
    const dialog = page.getByRole("dialog", { name: `Make ${verified.name} an admin?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(verified.email);
    await expectNoSideways(page, width);
    await screenshot(page, `make-admin-confirm-${width}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Successfully made an admin")).toHaveCount(0);
    await expect(entryOf(verified.email).getByRole("button", { name: /Make Admin/ })).toBeEnabled();
  });
}

for (const width of [widths.phone, widths.desktop]) {
  test(`the Low stock panel lists the sold-out Alternator, which has no low-stock level, at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/manageTools");
    const alternator = page
      .getByRole("list", { name: "Low stock" })
      .getByRole("listitem")
      .filter({ hasText: "Alternator" });
    await expect(alternator).toContainText("Sold out");
    await expect(alternator).not.toContainText("alert at");
    await screenshotPart(page.getByRole("region", { name: "Low stock" }), `low-stock-${width}`);
  });
}
