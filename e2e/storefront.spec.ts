import type { Tool } from "../contract/catalog";
import { expectNoSideways } from "./appearance";
import { expectMeasuredContrast, expectNoSeriousAxeViolations } from "./axe";
import { catalog } from "./catalog";
import { expect, type Locator, openInApp, type Page, test } from "./fixtures";
import { screenshot, screenshotFromTop, screenshotPart, widths } from "./screenshots";
import { loadWholePage, loadWholePageAndImages } from "./scrolling";
import { signInAsAdmin } from "./users";

/** The public pages of the storefront and the heading each one shows. */
const publicPages = [
  { name: "home", path: "/", heading: "Car tools and parts for workshops" },
  { name: "tools", path: "/tools", heading: "Available Car Tools" },
  { name: "about", path: "/about", heading: "About Us" },
  { name: "car-benefits", path: "/carBenifits", heading: "Car Tools Benefits" },
  { name: "contact", path: "/contact", heading: "Contact Us" },
  { name: "blog", path: "/blog", heading: "Blog" },
  { name: "terms", path: "/terms", heading: "Terms of sale" },
  { name: "privacy", path: "/privacy", heading: "Privacy" },
  { name: "shipping", path: "/shipping", heading: "Shipping & returns" },
  { name: "not-found", path: "/no-such-page", heading: "Page not found" },
] as const;

/** The slide the carousel shows. */
function activeSlide(page: Page): Locator {
  return page.locator('[aria-roledescription="slide"][data-active="true"]');
}

/** The tools the home page previews (the catalog's first six), from the API. */
async function previewTools(page: Page): Promise<Tool[]> {
  return (await catalog(page)).slice(0, 6);
}

test.describe("home page", () => {
  test("shows its sections in the spec's order, with the spec's texts", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Car tools and parts for workshops · Car Mechanic");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /genuine car tools/i);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await loadWholePage(page);

    const main = page.getByRole("main");
    const sections = [
      main.getByRole("region", { name: "Highlights" }),
      main.getByRole("heading", { name: "Available Delivery Date" }),
      main.getByRole("heading", { name: "Tools for your workshop" }),
      main.getByRole("heading", { name: "Business Summary" }),
      main.getByRole("heading", { name: "Car Tools Benefits" }),
      main.getByRole("heading", { name: "Reviews", exact: true }),
      main.getByRole("heading", { name: "Opening Hours" }),
      main.getByRole("heading", { name: "For Any Query" }),
      page.getByRole("contentinfo"),
    ];
    let previous = -1;
    for (const section of sections) {
      await expect(section).toBeVisible();
      const box = await section.boundingBox();
      expect(box?.y).toBeGreaterThan(previous);
      previous = box?.y ?? previous;
    }

    // Tools preview: cards as on /tools, and a way to all of them.
    await expect(main.getByTestId("tool-card")).toHaveCount(6);
    await expect(main.getByRole("link", { name: "See all tools" })).toHaveAttribute("href", "/tools");

    const summary = main.locator("section", { has: page.getByRole("heading", { name: "Business Summary" }) });
    await expect(summary.locator("dt")).toHaveText(["Customers", "Reviews", "Tools"]);
    await expect(summary.locator("dd")).toHaveText(["100K+", "33K+", "50K+"]);

    const benefits = main.locator("section", {
      has: page.getByRole("heading", { name: "Car Tools Benefits" }),
    });
    await expect(benefits.getByRole("heading", { level: 3 })).toHaveText([
      "Free doorstep pick-up and drop",
      "Upfront and competitive pricing",
      "100% genuine spare parts",
    ]);
    await expect(benefits).toContainText("6 month free instalment facilities");
    await expect(benefits).toContainText("warranty");
    await expect(benefits).toContainText("first importer");

    await expect(main.getByRole("heading", { name: "Our Locations" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    await expect(main).toContainText("9.00am to 5.00pm, Monday to Friday");
    await expect(main).toContainText("Phone line 10:00am to 07:00pm");
    await expect(main.getByRole("link", { name: /^\+1 \(614\)/ })).toHaveAttribute("href", /^tel:\+1/);

    await expect(main.getByText("Stay connected with us")).toBeVisible();
    await expect(main.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(main.getByLabel("Message")).toHaveAttribute("rows", "5");
  });

  test("/home is the same page as /", async ({ page, request }) => {
    // One address: the server sends /home to / for good.
    const redirect = await request.get("/home?from=card", { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe("/?from=card");
    const response = await page.goto("/home");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car tools and parts for workshops");
    await expect(page.getByRole("heading", { name: "Available Delivery Date" })).toBeVisible();
    // One address for search engines.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  });

  test("the carousel's arrows change the slide and wrap around, by mouse and by keyboard", async ({
    page,
  }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Highlights" });
    const titles = [
      "Stock your workshop for less",
      "Delivered to your workshop door",
      "Genuine parts, with warranty",
    ] as const;
    const slideTitle = activeSlide(page).getByRole("heading");

    await expect(slideTitle).toHaveText(titles[0]);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", `1 of 3: ${titles[0]}`);
    const banner = activeSlide(page).getByRole("img");
    await expect(banner).toHaveAttribute("alt", /car/i);
    await expect(banner).toHaveAttribute("fetchpriority", "high");
    await expect(banner).not.toHaveAttribute("loading", "lazy");
    for (const img of await carousel.locator("img").all()) {
      await expect(img).toHaveAttribute("width", "1600");
      await expect(img).toHaveAttribute("height", "600");
      await expect(img).toHaveAttribute("alt", /\S/);
    }

    const next = carousel.getByRole("button", { name: "Next slide" });
    const previous = carousel.getByRole("button", { name: "Previous slide" });
    await next.click();
    await expect(slideTitle).toHaveText(titles[1]);
    await next.click();
    await expect(slideTitle).toHaveText(titles[2]);
    await next.click();
    await expect(slideTitle).toHaveText(titles[0]);
    await previous.click();
    await expect(slideTitle).toHaveText(titles[2]);
    await previous.click();
    await expect(slideTitle).toHaveText(titles[1]);

    // Hidden slides are out of reach: only the shown slide's link can be focused.
    await expect(page.getByRole("link", { name: "See our benefits" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse tools" })).toBeHidden();

    // Keyboard: Enter on the focused arrow, and the arrow keys inside the carousel.
    await previous.focus();
    await page.keyboard.press("Enter");
    await expect(slideTitle).toHaveText(titles[0]);
    await page.keyboard.press("ArrowLeft");
    await expect(slideTitle).toHaveText(titles[2]);
    await page.keyboard.press("ArrowRight");
    await expect(slideTitle).toHaveText(titles[0]);
    await carousel.getByRole("button", { name: /Show slide 3/ }).click();
    await expect(slideTitle).toHaveText(titles[2]);

    await activeSlide(page).getByRole("link", { name: "About Car Mechanic" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("on a tablet and a phone the hero's text sits on plain navy, not on the art, on every slide", async ({
    page,
  }) => {
    const carousel = page.getByRole("region", { name: "Highlights" });
    for (const width of [widths.tablet, widths.phone]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      for (const slide of [1, 2, 3]) {
        await carousel.getByRole("button", { name: new RegExp(`^Show slide ${slide}:`) }).click();
        await expect(activeSlide(page)).toHaveAttribute("aria-label", new RegExp(`^${slide} of 3:`));
        // Faded in, its picture drawn: what the visitor reads it against.
        await expect.poll(() => activeSlide(page).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
        await expect
          .poll(() =>
            activeSlide(page)
              .locator("img")
              .evaluate((img: HTMLImageElement) => img.complete),
          )
          .toBe(true);
        await screenshotPart(carousel, `hero-slide-${slide}-${width}`);
        await expectMeasuredContrast(
          page,
          '[aria-roledescription="slide"][data-active="true"]',
          `slide ${slide} at ${width}px`,
        );
      }
    }
  });

  test("a chosen delivery date marks the tools that arrive by it and is remembered", async ({ page }) => {
    // Tuesday, 10 March 2026, mid-morning in the browser's time zone.
    await page.clock.setFixedTime(new Date(2026, 2, 10, 10, 0));
    const tools = await previewTools(page);
    const all = await catalog(page);
    const shortest = Math.min(...all.map((tool) => tool.leadTimeDays));
    expect(shortest).toBe(2);

    await page.goto("/");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Available Delivery Date" }),
    });
    const dateStatus = section.getByTestId("delivery-date-status");
    await expect(section).toContainText("Earliest delivery: Thursday, March 12, 2026");
    await expect(section).toContainText("shortest lead time in our catalogue (2 days)");
    await expect(dateStatus).toHaveText("No date chosen yet: pick one in the calendar.");

    // Past days and days before the earliest date cannot be chosen.
    await expect(section.getByRole("button", { name: /^9 March 2026/ })).toBeDisabled();
    await expect(section.getByRole("button", { name: /^11 March 2026/ })).toBeDisabled();
    await expect(section.getByRole("button", { name: /^12 March 2026/ })).toBeEnabled();

    await section.getByRole("button", { name: /^16 March 2026/ }).click();
    await expect(dateStatus).toContainText("Your delivery date: Monday, March 16, 2026");
    expect(await page.evaluate(() => localStorage.getItem("car-mechanic:delivery-date"))).toBe("2026-03-16");

    // Deliverable when today + lead time is on or before the 16th (6 days).
    const arriving = tools.filter((tool) => tool.leadTimeDays <= 6);
    expect(arriving.length).toBeGreaterThan(0);
    expect(arriving.length).toBeLessThan(tools.length);
    await expect(dateStatus).toContainText(
      `${arriving.length} of the ${tools.length} tools below can arrive by then.`,
    );
    await loadWholePage(page);
    for (const tool of tools) {
      const card = page.getByTestId("tool-card").filter({ hasText: tool.name });
      const estimate = card.getByTestId("delivery-estimate");
      if (tool.leadTimeDays <= 6) {
        await expect(estimate, tool.name).toHaveText("Arrives by your date (Mon, Mar 16)");
      } else {
        await expect(estimate, tool.name).toHaveText(/^Not by your date: arrives \w{3}, Mar \d+$/);
      }
    }

    // The date survives a reload (the order form reads it from the same place).
    await page.reload();
    await expect(dateStatus).toContainText("Your delivery date: Monday, March 16, 2026");
    await expect(section.getByRole("button", { name: "16 March 2026, Monday, selected" })).toBeVisible();

    await section.getByRole("button", { name: "Clear the date" }).click();
    await expect(dateStatus).toHaveText("No date chosen yet: pick one in the calendar.");
    expect(await page.evaluate(() => localStorage.getItem("car-mechanic:delivery-date"))).toBeNull();
  });

  test("shows the newest reviews with read-only stars and the verified mark", async ({ page }) => {
    const reviews = (await (await page.request.get("/api/review?limit=6")).json()) as {
      name: string;
      rating: number;
    }[];
    expect(reviews.length).toBeGreaterThan(0);
    await page.goto("/");
    await loadWholePage(page);
    const list = page.getByRole("list", { name: "Reviews" });
    await expect(list.getByRole("listitem")).toHaveCount(reviews.length);
    for (const [index, review] of reviews.entries()) {
      const item = list.getByRole("listitem").nth(index);
      await expect(item).toContainText(review.name);
      await expect(item.getByRole("img", { name: `Rated ${review.rating} out of 5` })).toBeVisible();
    }
  });

  test("reviews: an empty list and a failed call each say so", async ({ page }) => {
    await page.route("**/api/review?**", (route) => route.fulfill({ json: [] }));
    await openInApp(page, "/");
    await loadWholePage(page);
    await expect(page.getByRole("heading", { name: "No reviews yet" })).toBeVisible();

    await page.route("**/api/review?**", (route) =>
      route.fulfill({ status: 503, json: { error: "The reviews are resting. Try again soon." } }),
    );
    await openInApp(page, "/");
    await loadWholePage(page);
    const alert = page.getByRole("alert").filter({ hasText: "We could not load the reviews" });
    await expect(alert).toContainText("The reviews are resting. Try again soon.", { timeout: 15_000 });
    await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
  });

  test("a review's text is shown as text, never as HTML", async ({ page }) => {
    const sneaky = '<img src=x onerror="window.__pwned = true"><b>bold</b>';
    await page.route("**/api/review?**", (route) =>
      route.fulfill({
        json: [{ _id: "r1", name: "<i>Tester</i>", description: sneaky, rating: 4, verified: true }],
      }),
    );
    await openInApp(page, "/");
    await loadWholePage(page);
    const item = page.getByRole("list", { name: "Reviews" }).getByRole("listitem");
    await expect(item).toContainText(sneaky);
    await expect(item).toContainText("<i>Tester</i>");
    await expect(item).toContainText("Verified buyer");
    await expect(item.locator("b, i, img[src='x']")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });
});

test.describe("contact form", () => {
  test("explains what is missing, then sends the message, thanks the sender and clears", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/contact");
    const form = page.locator("form", { has: page.getByLabel("Subject") });
    const send = form.getByRole("button", { name: "Send message" });
    await send.click();
    await expect(form.getByText("Email is Required")).toBeVisible();
    await expect(form.getByText("Subject is Required")).toBeVisible();
    await expect(form.getByText("Message is Required")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email")).toBeFocused();

    await form.getByLabel("Email").fill("not-an-email");
    await send.click();
    await expect(form.getByText("Provide a valid Email")).toBeVisible();

    const subject = `Bulk order of pistons ${Date.now()}`;
    await form.getByLabel("Email").fill("workshop@example.com");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill("Can you deliver 2,000 pistons next week?");
    const posted = page.waitForResponse(
      (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
    );
    await send.click();
    expect((await posted).status()).toBe(201);
    await expect(form.getByRole("status")).toContainText("Thank you for your message!");
    await expect(form.getByRole("status")).toContainText("workshop@example.com");
    for (const field of ["Email", "Subject", "Message"]) await expect(form.getByLabel(field)).toHaveValue("");
    await expect(form.getByText("Subject is Required")).toHaveCount(0);

    // It arrived: the admins' inbox has it.
    await signInAsAdmin(request, baseURL ?? "");
    const inbox = await request.get("/api/contact?limit=100");
    expect(inbox.status()).toBe(200);
    const messages = (await inbox.json()) as { email: string; subject: string; message: string }[];
    expect(messages).toContainEqual(
      expect.objectContaining({
        email: "workshop@example.com",
        subject,
        message: "Can you deliver 2,000 pistons next week?",
      }),
    );
  });

  test("a long email address wraps inside the thank-you message on a phone", async ({ page }) => {
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/contact");
    const form = page.locator("form", { has: page.getByLabel("Subject") });
    // One word with no place to break, far wider than a phone.
    const email = `purchasingdepartmentofthenorthernworkshop${Date.now()}@carpartswholesalers.example.com`;
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Subject").fill("Pistons");
    await form.getByLabel("Message").fill("Can you deliver 2,000 pistons next week?");
    await form.getByRole("button", { name: "Send message" }).click();
    const thanks = form.getByRole("status").locator("p");
    await expect(thanks).toContainText(email);

    // Where the message's text is drawn, against the green box around it.
    const { box, text } = await thanks.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const { left, right } = range.getBoundingClientRect();
      const outer = p.getBoundingClientRect();
      return { box: { left: outer.left, right: outer.right }, text: { left, right } };
    });
    expect(text.left).toBeGreaterThanOrEqual(box.left);
    expect(text.right, "the text ends inside the green box").toBeLessThanOrEqual(box.right);
    await expectNoSideways(page, widths.phone);
    await screenshotFromTop(page, "contact-long-email-375");
  });

  test("shows the server's error when the message is refused", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 429,
        json: { error: "Too many messages. Please wait a minute and try again." },
      }),
    );
    await page.goto("/contact");
    const form = page.locator("form", { has: page.getByLabel("Subject") });
    await form.getByLabel("Email").fill("workshop@example.com");
    await form.getByLabel("Subject").fill("Hello");
    await form.getByLabel("Message").fill("A question.");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Too many messages. Please wait a minute and try again.",
    );
    // What was typed stays, to send again later.
    await expect(form.getByLabel("Subject")).toHaveValue("Hello");
  });
});

test.describe("static pages", () => {
  test("/about, /carBenifits, /contact and /blog render their content", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(page.getByRole("main")).toContainText("sells car parts");
    await expect(page.getByRole("main")).toContainText("complimentary pick-up and drop-in");

    await page.goto("/carBenifits");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Car Tools Benefits");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Free doorstep pick-up and drop",
      "Upfront and competitive pricing",
      "100% genuine spare parts",
    ]);
    await expect(page.getByRole("main")).toContainText("6 month free instalment facilities");
    await expect(page.getByRole("main")).toContainText("first importer");

    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    for (const name of ["Opening Hours", "Our Locations", "Contact Us", "For Any Query"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Message")).toHaveAttribute("rows", "5");

    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await expect(page.getByRole("article")).toHaveCount(4);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      /performance of a React application/,
      /manage state .* why not set state directly/,
      /unit test/,
      /search products by name/,
    ]);
    await page
      .getByRole("navigation", { name: "Questions" })
      .getByRole("link", { name: /unit test/ })
      .click();
    await expect(page).toHaveURL(/#unit-tests$/);
  });

  test("/terms, /privacy and /shipping say who sells and what an order comes with, at phone and desktop widths", async ({
    page,
  }) => {
    const main = page.getByRole("main");
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });

      await page.goto("/terms");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of sale");
      await expect(main).toContainText("Car Mechanic is a parts wholesaler");
      await expect(main).toContainText("minimum-quantity lots to workshops and resellers");
      const payment = main.getByRole("region", { name: "Payment" });
      await expect(payment).toContainText("Stripe");
      await expect(payment).toContainText("US dollars");
      await expect(payment).toContainText("pay by");
      await expect(payment).toContainText("released");
      await expect(payment).toContainText("nothing is charged");
      // The instalments the home, benefits and about pages promise: asked for through the contact page.
      const instalments = main.getByRole("region", { name: "Instalments" });
      await expect(instalments).toContainText("6 months with our free instalment facilities");
      await expect(instalments).toContainText("before you order");
      await expect(instalments.getByRole("link", { name: "contact page" })).toHaveAttribute(
        "href",
        "/contact",
      );
      await expect(main.getByRole("region", { name: "Delivery" })).toContainText("lead time");
      await expect(main.getByRole("region", { name: "Returns" })).toContainText("unopened within 30 days");
      await expect(main.getByRole("region", { name: "Warranty" })).toContainText("genuine");
      await expectNoSideways(page, width, `/terms at ${width}px`);
      await screenshot(page, `terms-${width}`);

      await page.goto("/privacy");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
      const kept = main.getByRole("region", { name: "What we keep, and why" });
      for (const text of ["Your account", "Your orders", "for the shop's accounts", "Emails"]) {
        await expect(kept).toContainText(text);
      }
      const choices = main.getByRole("region", { name: "Download or delete your data" });
      await expect(choices).toContainText("Download my data");
      await expect(choices).toContainText("Delete my account");
      await expect(choices).toContainText("account settings");
      await expectNoSideways(page, width, `/privacy at ${width}px`);

      await page.goto("/shipping");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping & returns");
      await expect(main).toContainText("today plus the tool's lead time");
      await expect(main).toContainText("unopened within 30 days of its delivery");
      await expect(main).toContainText("maker's warranty");
      await expectNoSideways(page, width, `/shipping at ${width}px`);
      // Its index jumps to a section.
      await page
        .getByRole("navigation", { name: "On this page" })
        .getByRole("link", { name: /^Returns/ })
        .click();
      await expect(page).toHaveURL(/#returns$/);
    }
  });

  test("every public page has its own title, description and one h1; unknown paths get the 404 page", async ({
    page,
  }) => {
    const descriptions = new Set<string>();
    for (const { path, heading } of publicPages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
      await expect(page, path).toHaveTitle(`${heading} · Car Mechanic`);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description, path).toBeTruthy();
      descriptions.add(description ?? "");
    }
    // The tools and not-found pages keep index.html's description; the storefront pages have their own.
    expect(descriptions.size).toBeGreaterThanOrEqual(publicPages.length - 2);
  });

  test("robots.txt, the sitemap and the shared picture are served at the shop's full address", async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain("Disallow: /dashboard");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/carBenifits</loc>`);
    for (const path of ["/terms", "/privacy", "/shipping"]) {
      expect(await sitemap.text()).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    const home = await request.get("/");
    expect(await home.text()).toContain(
      `<meta property="og:image" content="${baseURL}/images/og-image.png" />`,
    );
    expect((await request.get("/images/og-image.png")).status()).toBe(200);
  });
  test("every address in the sitemap opens for a visitor: a 200 and the page itself, not a sign-in", async ({
    page,
    request,
  }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
    expect(paths).toContain("/tools");
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });
});

test("axe finds no serious or critical accessibility problem on any public page, none scrolls sideways", async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const width of [widths.phone, widths.tablet, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path } of publicPages) {
      await page.goto(path);
      await loadWholePage(page);
      await expectNoSeriousAxeViolations(page, `${path} at ${width}px`);
      await expectNoSideways(page, width, `${path} at ${width}px`);
    }
  }
});

test("screenshots of every public page at 375, 768 and 1280 pixels", async ({ page }) => {
  test.setTimeout(180_000);
  for (const width of [widths.phone, widths.tablet, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path } of publicPages) {
      await page.goto(path);
      await loadWholePageAndImages(page);
      await screenshot(page, `page-${name}-${width}`);
    }
  }
});
