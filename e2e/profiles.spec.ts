import { expectNoSideways } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { loadWholePage } from "./scrolling";
import { photoFile } from "./test-images";
import { newUser, signInAsAdmin, signUpInPage, signUpViaApi, type TestUser } from "./users";

// Profiles, portfolios and reviews in the browser (spec §2, §3, §5, §8; decisions.md): create and
// edit a profile and a portfolio and see them on /showProfile and /showPortfolio, the public part
// of a profile for everyone else, Show All Profile for admins, and Add Review with the home page's
// Reviews showing what was written as text.

// Each test walks a whole screen with uploads and accessibility checks at two widths.
test.describe.configure({ timeout: 90_000 });

/** Clicks the nth star of the rating, as a person would. */
async function chooseStars(page: Page, n: number): Promise<void> {
  const radio = page.getByRole("radio", { name: new RegExp(`^${n} stars?,`) });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** A profile saved through the API for the user signed in on `request`. */
async function saveProfileViaApi(
  request: APIRequestContext,
  baseURL: string,
  user: TestUser,
  location: string,
) {
  const saved = await request.post("/api/myProfile", {
    headers: { origin: baseURL },
    data: {
      name: user.name,
      email: user.email,
      education: "HSC",
      location,
      phone: "+880 1812 000111",
      linkedIn: "https://www.linkedin.com/in/someone-else",
      img: "/images/avatar-default.svg",
    },
  });
  expect(saved.status()).toBe(201);
}

/**
 * The user's own profile or portfolio page at `path` while they have none (a way to create one),
 * then its form, prefilled from the session, whose email cannot be changed.
 */
async function fromNoneToForm(
  page: Page,
  user: TestUser,
  noun: "Profile" | "Portfolio",
  path: string,
  heading: string,
  shot: string,
) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("heading", { name: `You have no ${noun.toLowerCase()} yet` })).toBeVisible();
  await screenshotFromTop(page, shot);
  await page
    .getByRole("link", { name: `Create ${noun}` })
    .last()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/create${noun}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Create ${noun}`);
  const email = page.getByLabel("Email", { exact: true });
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute("readonly", "");
}

/** The form sent empty: each field's message (the spec's), shown and read out as its description. */
async function emptySubmitSays(page: Page, noun: "Profile" | "Portfolio", messages: [string, string][]) {
  await page.getByRole("button", { name: `Create ${noun}` }).click();
  for (const [label, message] of messages) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
  }
}

test.describe("profiles", () => {
  test("a user creates and then edits a profile and sees it on /showProfile", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await signUpInPage(page, baseURL, "Rahim Uddin");

    // No profile yet: a friendly way to create one.
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await fromNoneToForm(page, user, "Profile", "/showProfile", "Your Profile", "show-profile-empty-375");
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("autocomplete", "name");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    const phone = page.getByLabel("Phone", { exact: true });
    await expect(phone).toHaveAttribute("type", "tel");
    await expect(phone).toHaveAttribute("autocomplete", "tel");
    await expect(phone).toHaveAttribute("name", "phone");
    const education = page.getByLabel("Education");
    await expect(education.locator("option:not([disabled])")).toHaveText([
      "Masters",
      "Bachelor",
      "HSC",
      "SSC",
      "JSC",
    ]);

    // The spec's messages on an empty submit.
    await emptySubmitSays(page, "Profile", [
      ["Education", "Choose your education"],
      ["Location", "Location is Required"],
      ["Phone", "Phone Number Required"],
      ["LinkedIn", "LinkedIn Id Required"],
      ["Photo", "Image is Required"],
    ]);
    await expect(education).toBeFocused();
    await expectNoSideways(page, widths.phone);
    await screenshotFromTop(page, "create-profile-errors-375");
    await expectNoSeriousAxeViolations(page, "Create Profile with messages at 375px");

    await education.selectOption("Bachelor");
    await page.getByLabel("Location").fill("Chattogram, Bangladesh");
    await phone.fill("+880 1712 345678");
    await page.getByLabel("LinkedIn").fill("rahim-uddin");
    await page.getByLabel("Photo", { exact: true }).setInputFiles(photoFile("me.png"));
    await expect(page.getByText("Photo uploaded")).toBeVisible();
    await page.getByRole("button", { name: "Create Profile" }).click();
    await expect(page.getByText("My profile Created Successfully", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Profile");
    const card = page.getByTestId("profile-card");
    await expect(card.getByRole("heading", { name: user.name })).toBeVisible();
    await expect(card).toContainText("Chattogram, Bangladesh");
    await expect(card).toContainText("+880 1712 345678");
    await screenshotFromTop(page, "my-profile-375");

    // Editing: the form starts from the saved profile, and saving updates it.
    await page.getByRole("link", { name: "Edit profile" }).click();
    await expect(page).toHaveURL(/\/dashboard\/createProfile$/);
    await expect(page.getByLabel("Location")).toHaveValue("Chattogram, Bangladesh");
    await expect(page.getByLabel("Education")).toHaveValue("Bachelor");
    await expect(page.getByRole("img", { name: "Current photo" })).toBeVisible();
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await screenshotFromTop(page, "create-profile-edit-1280");
    await page.getByLabel("Location").fill("Dhaka, Bangladesh");
    await page.getByLabel("Education").selectOption("Masters");
    await page.getByRole("button", { name: "Update Profile" }).click();
    // The first save's toast may still be on screen.
    await expect(page.getByText("My profile Created Successfully", { exact: true }).last()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myProfile$/);
    await screenshotFromTop(page, "my-profile-1280");

    await page.goto("/showProfile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Profile");
    await expect(card).toContainText("Dhaka, Bangladesh");
    await expect(card).toContainText("Masters");
    await expect(card).not.toContainText("Chattogram");
    await expect(card).toContainText(user.email);
    const linkedIn = card.getByRole("link", { name: /rahim-uddin/ });
    await expect(linkedIn).toHaveAttribute("href", "https://www.linkedin.com/in/rahim-uddin");
    await expect(linkedIn).toHaveAttribute("target", "_blank");
    await expect(linkedIn).toHaveAttribute("rel", /noopener/);
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.thumb\.webp$/);
    await screenshotFromTop(page, "show-profile-1280");
    await expectNoSeriousAxeViolations(page, "/showProfile at 1280px");

    // Anyone else sees the public part only: never the phone or the email.
    const visitor = await browser.newContext({ baseURL });
    const theirPage = await visitor.newPage();
    await theirPage.setViewportSize({ width: widths.phone, height: 900 });
    await theirPage.goto(`/showProfile?email=${encodeURIComponent(user.email)}`);
    const publicCard = theirPage.getByTestId("profile-card");
    await expect(publicCard.getByRole("heading", { name: user.name })).toBeVisible();
    await expect(publicCard).toContainText("Dhaka, Bangladesh");
    await expect(publicCard).not.toContainText("+880");
    await expect(publicCard).not.toContainText(user.email);
    await screenshotFromTop(theirPage, "show-profile-public-375");
    // A visitor's own /showProfile asks them to sign in.
    await theirPage.goto("/showProfile");
    await expect(theirPage.getByRole("heading", { name: "Sign in to see your profile" })).toBeVisible();
    await expect(theirPage.getByRole("link", { name: "Login", exact: true }).last()).toHaveAttribute(
      "href",
      "/login?redirect=%2FshowProfile",
    );
    await visitor.close();
  });

  test("saving without a session says 'No user is logged in'", async ({ page, baseURL }) => {
    await signUpInPage(page, baseURL, "Session Ender");
    await page.goto("/dashboard/createProfile");
    await page.getByLabel("Education").selectOption("SSC");
    await page.getByLabel("Location").fill("Sylhet");
    await page.getByLabel("Phone", { exact: true }).fill("01712345678");
    await page.getByLabel("LinkedIn").fill("https://linkedin.com/in/session-ender");
    await page.getByLabel("Photo", { exact: true }).setInputFiles(photoFile());
    await expect(page.getByText("Photo uploaded")).toBeVisible();

    await page.context().clearCookies();
    await page.getByRole("button", { name: "Create Profile" }).click();
    await expect(page.getByText("Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("No user is logged in")).toBeVisible();
  });

  test("an admin sees every profile, with contact details, on Show All Profile", async ({
    page,
    browser,
    baseURL,
  }) => {
    const owner = browser.newContext({ baseURL });
    const context = await owner;
    const person = newUser("Karim Mechanic");
    await signUpViaApi(context.request, baseURL ?? "", person);
    await saveProfileViaApi(context.request, baseURL ?? "", person, "Khulna, Bangladesh");
    await context.close();

    await signInAsAdmin(page.request, baseURL ?? "");
    for (const width of [widths.phone, widths.tablet, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard/showAllProfile");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Show All Profile");
      // Newest first.
      const card = page.getByTestId("profile-card").first();
      await expect(card.getByRole("heading", { name: person.name })).toBeVisible();
      await expect(card).toContainText("Khulna, Bangladesh");
      await expect(card).toContainText(person.email);
      await expect(card).toContainText("+880 1812 000111");
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `show-all-profile-${width}`);
    }
    await expectNoSeriousAxeViolations(page, "Show All Profile at 1280px");
  });

  test("a user who is not an admin is refused Show All Profile", async ({ page, baseURL }) => {
    await signUpInPage(page, baseURL, "Not An Admin");
    await page.goto("/dashboard/showAllProfile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
  });
});

test.describe("portfolios", () => {
  test("a user creates and then edits a portfolio and sees it on /showPortfolio", async ({
    page,
    baseURL,
  }) => {
    const user = await signUpInPage(page, baseURL, "Nadia Islam");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await fromNoneToForm(
      page,
      user,
      "Portfolio",
      "/dashboard/portfolio",
      "My Portfolio",
      "my-portfolio-empty-1280",
    );
    await expect(page.getByLabel("Education").locator("option:not([disabled])")).toHaveText([
      "Bsc in CSE",
      "Bsc in IT",
      "Bsc in ICT",
      "Bsc in ETE",
      "Bsc in EEE",
      "Msc in CSE",
      "Bachelor",
      "Masters",
      "HSC",
      "SSC",
      "JSC",
      "Others",
    ]);
    for (const n of [1, 2, 3]) {
      const link = page.getByLabel(`Project ${n} link`);
      await expect(link).toHaveAttribute("type", "url");
      await expect(link).toHaveAttribute("name", `project${n}`);
    }

    await emptySubmitSays(page, "Portfolio", [
      ["Skill", "Skill is Required"],
      ["Project 1 link", "Project1 Link Required"],
      ["Project 2 link", "Project2 Link Required"],
      ["Project 3 link", "Project3 Link Required"],
      ["Photo", "Image is Required"],
    ]);
    await screenshotFromTop(page, "create-portfolio-errors-1280");
    await expectNoSeriousAxeViolations(page, "Create Portfolio with messages at 1280px");

    await page.getByLabel("Education").selectOption("Bsc in EEE");
    await page.getByLabel("Skill").fill("Engine diagnostics and auto electrics");
    await page.getByLabel("Project 1 link").fill("javascript:alert(1)");
    await page.getByLabel("Project 2 link").fill("https://example.com/brake-rebuild");
    await page.getByLabel("Project 3 link").fill("https://example.com/ecu-tuning");
    await page.getByLabel("Photo", { exact: true }).setInputFiles(photoFile("portfolio.png"));
    await expect(page.getByText("Photo uploaded")).toBeVisible();
    await page.getByRole("button", { name: "Create Portfolio" }).click();
    await expect(
      page.getByText("Project1 Link must start with http:// or https://", { exact: true }),
    ).toBeVisible();
    await page.getByLabel("Project 1 link").fill("https://example.com/engine-swap");
    await page.getByRole("button", { name: "Create Portfolio" }).click();
    await expect(page.getByText("My portfolio Created Successfully", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/portfolio$/);
    await screenshotFromTop(page, "my-portfolio-1280");

    // Editing updates the same portfolio.
    await page.getByRole("link", { name: "Edit portfolio" }).click();
    await expect(page.getByRole("textbox", { name: "Skill" })).toHaveValue(
      "Engine diagnostics and auto electrics",
    );
    await page.getByLabel("Skill").fill("Engine diagnostics, auto electrics and hybrid batteries");
    await page.getByRole("button", { name: "Update Portfolio" }).click();
    await expect(page.getByText("My portfolio Created Successfully", { exact: true }).last()).toBeVisible();

    for (const width of [widths.phone, widths.tablet, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/showPortfolio");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Portfolio");
      const card = page.getByTestId("portfolio-card");
      await expect(card.getByRole("heading", { name: user.name })).toBeVisible();
      await expect(card).toContainText("Engine diagnostics, auto electrics and hybrid batteries");
      await expect(card).toContainText("Bsc in EEE");
      const project = card.getByRole("link", { name: /example\.com\/engine-swap/ });
      await expect(project).toHaveAttribute("href", "https://example.com/engine-swap");
      await expect(project).toHaveAttribute("target", "_blank");
      await expect(project).toHaveAttribute("rel", /noopener/);
      await expect(card.getByRole("link", { name: /^example\.com\// })).toHaveCount(3);
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `show-portfolio-${width}`);
    }
    await expectNoSeriousAxeViolations(page, "/showPortfolio at 1280px");
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/dashboard/createPortfolio");
    await expect(page.getByLabel("Skill")).toHaveValue(/hybrid batteries/);
    await screenshotFromTop(page, "create-portfolio-edit-375");
  });
});

test.describe("reviews", () => {
  test("a user posts a review and sees it on the home page", async ({ page, baseURL }) => {
    const user = await signUpInPage(page, baseURL, "Jamal Garage");
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard/myReview");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Review");
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);
      await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("maxlength", "120");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
      await page.getByRole("button", { name: "Add Review" }).click();
      await expect(page.getByText("Rating is Required", { exact: true })).toBeVisible();
      await expect(page.getByText("Description is Required", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Description")).toHaveAccessibleDescription("Description is Required");
      await expect(page.getByRole("radio", { name: /^1 star/ })).toHaveAccessibleDescription(
        "Rating is Required",
      );
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `add-review-errors-${width}`);
    }
    await expectNoSeriousAxeViolations(page, "Add Review with messages at 1280px");

    const text = `Genuine parts and the lot arrived two days early. ${Date.now()}`;
    await page.getByLabel("Description").fill(text);
    // Keyboard: the stars are a radio group.
    await chooseStars(page, 5);
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
    await page.mouse.move(0, 0); // The stars under the pointer light up as a preview.
    await expect(page.getByText("4 of 5 · Very good")).toBeVisible();
    await screenshotFromTop(page, "add-review-filled-1280");

    const posted = page.waitForRequest((r) => r.url().endsWith("/api/review") && r.method() === "POST");
    await page.getByRole("button", { name: "Add Review" }).click();
    expect((await posted).postDataJSON()).toEqual({
      name: user.name,
      email: user.email,
      description: text,
      rating: 4,
    });
    await expect(page.getByText("We find your feedback successfully", { exact: true })).toBeVisible();
    // The form starts over.
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);

    await page.goto("/");
    await loadWholePage(page); // the reviews load as the reader scrolls towards them
    const reviews = page.getByRole("list", { name: "Reviews" });
    const mine = reviews.getByRole("listitem").filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(user.name);
    await expect(mine.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  });

  test("a review with HTML in it is shown as text", async ({ page, baseURL }) => {
    await signUpInPage(page, baseURL, "Mallory");
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const payload = "<img src=x onerror=alert(1)>";
    await page.goto("/dashboard/myReview");
    await page.getByLabel("Description").fill(payload);
    await chooseStars(page, 1);
    await page.getByRole("button", { name: "Add Review" }).click();
    await expect(page.getByText("We find your feedback successfully", { exact: true })).toBeVisible();

    await page.goto("/");
    await loadWholePage(page); // the reviews load as the reader scrolls towards them
    const reviews = page.getByRole("list", { name: "Reviews" });
    await expect(reviews.getByText(payload, { exact: true })).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });
});
