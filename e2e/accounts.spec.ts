import { expectNoSideways, expectRed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { toolNamed } from "./catalog";
import { expect, type Locator, type Page, test } from "./fixtures";
import { oidcIdentity } from "./oidc-identity";
import { screenshot, widths } from "./screenshots";
import { adminSidebarLinks, userSidebarLinks } from "./sidebars";
import { admin, newUser, signInAsAdmin, signUpViaApi, type TestUser, verifyViaOutbox } from "./users";

// Accounts in the browser (spec §2, §4, §5, §6, §8): sign-up, login and its return to the page asked
// for, Google sign-in through a real OIDC provider (e2e/oidc-server.ts), sign-out, the signed-in
// navigation, the dashboard's two sidebars and All Users with Make Admin.

async function bumperId(page: Page): Promise<string> {
  return (await toolNamed(page, "Bumper"))._id;
}

function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

async function expectSignedIn(page: Page): Promise<void> {
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
}

async function expectSignedOut(page: Page): Promise<void> {
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Profile menu" })).toHaveCount(0);
}

async function logIn(page: Page, user: Pick<TestUser, "email" | "password">): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/**
 * Opens /login?redirect=<redirect> signed in: the "You are signed in" screen's Continue link goes to
 * `/`, and to the shop's own origin as the browser resolves its href (where a click goes).
 */
async function expectContinueHome(page: Page, redirect: string): Promise<void> {
  await page.goto(`/login?redirect=${redirect}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are signed in");
  const continueLink = page.getByRole("link", { name: "Continue" });
  await expect(continueLink, redirect).toHaveAttribute("href", "/");
  const href = await continueLink.evaluate((a) => (a as HTMLAnchorElement).href);
  expect(new URL(href).origin, redirect).toBe(new URL(page.url()).origin);
}

/** The page never reaches the outside world: the OIDC provider's stock page asks for a web font. */
async function stayOffline(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
}

/** Signs in on the stand-in Google's stock pages (any login works), then allows the shop. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign-in" })).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Authorize" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

/**
 * From the next page on, remembers whether a Login link was ever in the navigation bar, even for a
 * moment: inserted, or made by changing another link (window.loginLinkSeen, read by loginLinkSeen).
 */
async function recordLoginLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as { loginLinkSeen: boolean };
    state.loginLinkSeen = false;
    const inBar = 'nav[aria-label="Main"] a[href="/login"]';
    const isLogin = (node: Node, parent: Node) =>
      node instanceof Element &&
      (node.matches(inBar) ||
        node.querySelector(inBar) !== null ||
        // Added and removed again before this callback: its parent still says where it was.
        (parent instanceof Element &&
          parent.closest('nav[aria-label="Main"]') !== null &&
          (node.matches('a[href="/login"]') || node.querySelector('a[href="/login"]') !== null)));
    new MutationObserver((records) => {
      for (const record of records) {
        const changed = record.type === "childList" ? [...record.addedNodes] : [record.target];
        if (changed.some((node) => isLogin(node, record.target))) state.loginLinkSeen = true;
      }
      if (document.querySelector(inBar)) state.loginLinkSeen = true;
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
  });
}

async function loginLinkSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { loginLinkSeen: boolean }).loginLinkSeen);
}

/** Holds the page's session checks (a slow network) until `release()`; later ones pass straight through. */
async function holdSessionCheck(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/get-session", async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

test.describe("login and sign-up forms", () => {
  test("show the spec's validation messages under the fields, in red", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign Up");
    const name = page.getByLabel("Name");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    await expect(name).toHaveAttribute("autocomplete", "name");
    await expect(name).toHaveAttribute("name", "name");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(email).toHaveAttribute("name", "email");
    await expect(password).toHaveAttribute("type", "password");
    await expect(password).toHaveAttribute("autocomplete", "new-password");
    await expect(password).toHaveAttribute("name", "password");

    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    for (const message of ["Name is Required", "Email is Required", "Password is Required"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expectRed(page.getByText(message, { exact: true }));
    }
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Name is Required");
    await expect(page).toHaveURL(/\/signup$/);

    await email.fill("not-an-email");
    await password.fill("short");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Provide a valid Email", { exact: true })).toBeVisible();
    await expect(page.getByText("Must be 8 characters", { exact: true })).toBeVisible();
    await expect(email).toHaveAccessibleDescription("Provide a valid Email");

    // Fixing a field clears its message as the user types.
    await password.fill("long-enough-1");
    await expect(page.getByText("Must be 8 characters", { exact: true })).toHaveCount(0);

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Email is Required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is Required", { exact: true })).toBeVisible();
    await page.getByLabel("Email").fill("someone@");
    await page.getByLabel("Password", { exact: true }).fill("1234567");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Provide a valid Email", { exact: true })).toBeVisible();
    await expect(page.getByText("Must be 8 characters", { exact: true })).toBeVisible();

    // The password can be shown while typing it.
    const reveal = page.getByRole("button", { name: "Show password" });
    await expect(reveal).toHaveAttribute("aria-pressed", "false");
    await reveal.click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await expect(reveal).toHaveAttribute("aria-pressed", "true");
  });

  test("link to each other", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign Up");
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  });

  test("screenshots at phone and desktop widths", async ({ page }) => {
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/login", "/signup"]) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
        await expect(page.getByRole("main")).not.toContainText("not configured");
        await expectNoSideways(page, width, path);
        await screenshot(page, `${path.slice(1)}-${width}`);
      }
    }
    // With the messages showing.
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Name is Required")).toBeVisible();
    await screenshot(page, "signup-375-errors");
  });
});

test("sign-up lands on /tools, signed in, and the session survives a reload", async ({ page }) => {
  const user = newUser("Amina Workshop");
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/signup");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Available Car Tools");
  await expectSignedIn(page);
  const menuButton = mainNav(page).getByRole("button", { name: "Profile menu" });
  const photo = menuButton.locator("img");
  await expect(photo).toHaveAttribute("src", "/images/avatar-default.svg");
  await expect(photo).toHaveAttribute("width", "36");
  await expect(photo).toHaveAttribute("height", "36");

  await page.reload();
  await expectSignedIn(page);

  // The same email cannot sign up twice: the server's message shows in red.
  await page.context().clearCookies();
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("another-password");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(/already exists/i);
  await expectRed(alert);
  await expect(page).toHaveURL(/\/signup$/);
});

test("login returns to the page asked for", async ({ page, request, baseURL }) => {
  const user = newUser();
  await signUpViaApi(request, baseURL ?? "", user);
  const id = await bumperId(page);

  await page.goto(`/tools/${id}`);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/tools/${id}`)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  await expect(page.getByText("Please log in to continue")).toBeVisible();
  await expectSignedOut(page);

  await logIn(page, user);
  await expect(page).toHaveURL(`/tools/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bumper");
  await expectSignedIn(page);

  // Opening /login while signed in offers the way on instead of the form.
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are signed in");
  await expect(page.getByRole("main")).toContainText(user.email);

  // Without a page to return to, login goes to /.
  await page.context().clearCookies();
  await page.goto("/login");
  await logIn(page, user);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
});

test("a ?redirect= that leaves the shop is ignored: login goes to /, with no error", async ({
  page,
  request,
  baseURL,
}) => {
  const user = newUser();
  await signUpViaApi(request, baseURL ?? "", user);
  const pageErrors: Error[] = [];
  page.on("pageerror", (error) => pageErrors.push(error));
  await stayOffline(page);

  // A tab (or a line break) after the first slash, which the browser drops: `//evil.host/`.
  await page.goto("/login?redirect=%2F%09%2Fevil.host%2F");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  await expect(page.getByText("Welcome back.")).toBeVisible();
  await logIn(page, user);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expectSignedIn(page);

  // Signed in already, the way on stays on the shop for every such form.
  for (const redirect of [
    "%2F%0A%2Fevil.host%2F",
    "%2F%0D%2Fevil.host%2F",
    "%2F%5Cevil.host",
    "https%3A%2F%2Fevil.host",
  ]) {
    await expectContinueHome(page, redirect);
  }
  expect(pageErrors).toEqual([]);
});

test("a ?redirect= whose dot segments resolve to another host leaves the Continue link on the shop", async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL ?? "", newUser());
  await stayOffline(page);
  const shop = new URL(baseURL ?? "").origin;
  // Issue 22: `/.//host` and `/x/..//host` came out of the URL parser as `//host`, and the screen's
  // Continue link took it as its href: a link to another site.
  for (const redirect of [
    "%2F.%2F%2F127.0.0.1%3A4299%2Fpwned",
    "%2Fx%2F..%2F%2F127.0.0.1%3A4299%2Fpwned",
    "%2F%2e%2F%5C127.0.0.1%3A4299%2Fpwned",
    "%2Fx%2F%2E%2E%2F%09%2F127.0.0.1%3A4299%2Fpwned",
    "%2F.%2F%2F127.0.0.1%3A4299%2F%2F",
  ]) {
    await expectContinueHome(page, redirect);
  }

  // A path of the shop spelled with dot segments still leads to its page.
  await page.goto(`/login?redirect=${encodeURIComponent("/x/./%2e%2e/about")}`);
  const continueLink = page.getByRole("link", { name: "Continue" });
  await expect(continueLink).toHaveAttribute("href", "/about");
  for (const [name, width] of [
    ["login-signed-in-continue-375", widths.phone],
    ["login-signed-in-continue-1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, name);
  }
  await continueLink.click();
  await expect(page).toHaveURL(`${shop}/about`);
});

test("a wrong password shows the server's error in red and keeps the visitor on the form", async ({
  page,
  request,
  baseURL,
}) => {
  const user = newUser();
  await signUpViaApi(request, baseURL ?? "", user);
  await page.goto("/login?redirect=%2Fdashboard");
  await logIn(page, { email: user.email, password: "not-the-password" });

  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Invalid email or password");
  await expectRed(alert);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expectSignedOut(page);

  // The right password then works, and returns to the dashboard.
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
});

test("a signed-in user sees the spinner while the session loads, never the login page", async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL ?? "", newUser());
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/get-session", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("status").filter({ hasText: "Checking your sign-in…" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "Login" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("Google sign-in through the OIDC provider", () => {
  test("signs a new user in and returns to the page asked for", async ({ page }) => {
    await stayOffline(page);
    const login = `mechanic.${Date.now().toString(36)}`;
    const identity = oidcIdentity(login);
    const id = await bumperId(page);

    await page.goto(`/tools/${id}`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await signInAtProvider(page, login);

    await expect(page).toHaveURL(`/tools/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bumper");
    await expectSignedIn(page);
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await mainNav(page).getByRole("button", { name: "Profile menu" }).click();
    await expect(mainNav(page)).toContainText(identity.name);
    await expect(mainNav(page)).toContainText(identity.email);

    // Signing out and in again with Google finds the same account.
    await mainNav(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // The provider remembers this browser's sign-in: it may go straight back to the shop.
    await expect(page).toHaveURL(/\/tools$/);
    await expectSignedIn(page);
  });

  test("cancelled at the provider, it returns to the login page with a message", async ({ page }) => {
    await stayOffline(page);
    await page.goto("/login?redirect=%2Fdashboard");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Sign-in" })).toBeVisible();
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard&error=access_denied/);
    await expect(page.getByRole("alert")).toContainText("Google sign-in was cancelled");
    await expectSignedOut(page);
  });

  test("a shop without a Google provider shows no Google button and no note about it", async ({ page }) => {
    // What the server answers when OIDC_ISSUER is not set (e2e/serve.ts sets it for the tests above).
    await page.route("**/api/auth-options", (route) => route.fulfill({ json: { google: false } }));
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/login", "/signup"]) {
        const answered = page.waitForResponse("**/api/auth-options");
        await page.goto(path);
        await (await answered).finished();
        // The answer has been drawn: two frames after it arrived.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const main = page.getByRole("main");
        await expect(
          main.getByRole("button", { name: path === "/login" ? "Login" : "Sign Up", exact: true }),
        ).toBeVisible();
        await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
        await expect(main).not.toContainText(/google|not configured/i);
        await expect(main.getByText("or", { exact: true })).toHaveCount(0);
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expectNoSideways(page, width, path);
        await screenshot(page, `${path.slice(1)}-${width}-no-google`);
      }
    }
  });
});

test.describe("signed-in navigation", () => {
  test("the profile menu works with the keyboard, closes on Escape and outside clicks, and signs out", async ({
    page,
    baseURL,
  }) => {
    await signUpViaApi(page.request, baseURL ?? "", newUser("Keyboard User"));
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/tools");
    const nav = mainNav(page);
    const button = nav.getByRole("button", { name: "Profile menu" });
    const profile = nav.getByRole("link", { name: "Your Profile" });

    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(profile).toBeHidden();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(profile).toBeVisible();
    await expect(nav.getByRole("link", { name: "Your Portfolio" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(nav).toContainText("Keyboard User");
    await page.keyboard.press("Tab");
    await expect(profile).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(profile).toBeHidden();

    await button.click();
    await expect(profile).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(profile).toBeHidden();

    await button.click();
    await profile.click();
    await expect(page).toHaveURL(/\/showProfile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Profile");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await screenshot(page, "profile-menu-1280");
    await page.keyboard.press("Escape");

    await button.click();
    await nav.getByRole("link", { name: "Your Portfolio" }).click();
    await expect(page).toHaveURL(/\/showPortfolio$/);

    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    await button.click();
    await nav.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);
    // The session ended on the server too.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test("the phone menu has the same account links", async ({ page, baseURL }) => {
    await signUpViaApi(page.request, baseURL ?? "", newUser("Phone User"));
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/showProfile");
    const nav = mainNav(page);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeHidden();
    await nav.getByRole("button", { name: "Open menu" }).click();
    for (const name of ["Dashboard", "Your Profile", "Your Portfolio"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("button", { name: "Profile menu" })).toBeHidden();
    await expect(nav).toContainText("Phone User");
    await expect(nav.locator('img[src="/images/avatar-default.svg"]').filter({ visible: true })).toHaveCount(
      1,
    );
    await screenshot(page, "menu-375-signed-in");

    await nav.getByRole("link", { name: "Your Portfolio" }).click();
    await expect(page).toHaveURL(/\/showPortfolio$/);
    await expect(nav.getByRole("link", { name: "Your Profile" })).toBeHidden();

    await nav.getByRole("button", { name: "Open menu" }).click();
    await nav.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await nav.getByRole("button", { name: "Open menu" }).click();
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test("a signed-in browser's bar is the signed-in one from its first paint, never Login, while the session check is slow", async ({
    page,
    baseURL,
  }) => {
    await recordLoginLinks(page);
    await signUpViaApi(page.request, baseURL ?? "", newUser("Hinted User"));
    const nav = mainNav(page);
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ["/", "home"],
        ["/tools", "tools"],
      ] as const) {
        const session = await holdSessionCheck(page);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // The session has not answered (no profile menu yet), and the bar is the signed-in one.
        if (width === widths.phone) await nav.getByRole("button", { name: "Open menu" }).click();
        await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
        await expect(nav.getByRole("button", { name: "Profile menu" })).toHaveCount(0);
        await expect(nav).not.toContainText("Hinted User");
        await page.screenshot({
          path: `e2e/screenshots/nav-session-pending-${name}-${width}.png`,
        });

        session.release();
        if (width === widths.desktop) {
          await expect(nav.getByRole("button", { name: "Profile menu" })).toBeVisible();
        } else {
          await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
          await expect(nav).toContainText("Hinted User");
        }
        await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
        await page.screenshot({
          path: `e2e/screenshots/nav-signed-in-${name}-${width}.png`,
        });
        expect(await loginLinkSeen(page), `a Login link in the bar on ${path} at ${width}px`).toBe(false);
      }
    }
  });

  test("a visitor's bar shows Login, also when a hint outlived its session", async ({ page, baseURL }) => {
    await recordLoginLinks(page);
    const nav = mainNav(page);
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.context().clearCookies();
      await page.goto("/");
      if (width === widths.phone) await nav.getByRole("button", { name: "Open menu" }).click();
      await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
      expect(await loginLinkSeen(page)).toBe(true);
      await page.screenshot({ path: `e2e/screenshots/nav-visitor-${width}.png` });

      // Only the readable hint, no session (one the server ended without clearing it): once the
      // check answers, Login, and the hint is gone.
      await page.context().addCookies([{ name: "signed_in", value: "1", url: baseURL ?? "" }]);
      await page.goto("/tools");
      if (width === widths.phone) await nav.getByRole("button", { name: "Open menu" }).click();
      await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain("signed_in");
    }
  });
});

test.describe("dashboard roles", () => {
  test("a non-admin gets the user sidebar and is refused the admin screens", async ({ page, baseURL }) => {
    await signUpViaApi(page.request, baseURL ?? "", newUser());
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    let userListCalls = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/user") userListCalls += 1;
    });

    await page.goto("/dashboard");
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText(userSidebarLinks);
    await screenshot(page, "dashboard-user-1280");

    for (const path of [
      "/dashboard/users",
      "/dashboard/showAllProfile",
      "/dashboard/addTools",
      "/dashboard/manageTools",
      "/dashboard/manageAllOrder",
      "/dashboard/contactMessages",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Admins only");
      await expect(page, path).toHaveTitle("Admins only · Car Mechanic");
      await expect(sidebar.getByRole("link")).toHaveText(userSidebarLinks);
    }
    await expect(page.getByRole("table")).toHaveCount(0);
    expect(userListCalls).toBe(0);

    await page.getByRole("link", { name: "Back to My Orders" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");

    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
    await screenshot(page, "dashboard-user-375");
  });

  test("an admin makes another user an admin from All Users", async ({ page, request, baseURL }) => {
    // Verifying the worker's address through the Outbox adds a sign-in and a few requests.
    test.setTimeout(60_000);
    const worker = newUser("Promoted Mechanic");
    await signUpViaApi(request, baseURL ?? "", worker);
    await signInAsAdmin(request, baseURL ?? ""); // makes sure the admin account exists
    // Only a verified account can be made an admin.
    await verifyViaOutbox(baseURL ?? "", worker.email);

    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fusers$/);
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Users");
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText(adminSidebarLinks);
    await expect(sidebar.getByRole("link", { name: "All Users" })).toHaveAttribute("aria-current", "page");

    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Email", "Role", "Joined", "Actions"]);
    const row = table.getByRole("row").filter({ hasText: worker.email });
    await expect(row).toContainText(worker.name);
    await expect(row).toContainText("user");
    await expect(row.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    const adminRow = table.getByRole("row").filter({ hasText: admin.email });
    await expect(adminRow).toContainText("(you)");
    await expect(adminRow.getByRole("button")).toHaveCount(0);
    await screenshot(page, "dashboard-admin-1280");

    // A refusal from the server shows the spec's failure toast.
    await page.route("**/api/user/admin/**", (route) =>
      route.fulfill({ status: 403, json: { error: "Only admins can do that" } }),
    );
    const confirmation = page.getByRole("dialog", { name: `Make ${worker.name} an admin?` });
    await row.getByRole("button", { name: /Make Admin/ }).click();
    await confirmation.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.getByText("Failed made an admin", { exact: true })).toBeVisible();
    await expect(row).toContainText("user");
    await page.unroute("**/api/user/admin/**");
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmation).toBeHidden();

    await row.getByRole("button", { name: /Make Admin/ }).click();
    await confirmation.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.getByText("Successfully made an admin", { exact: true })).toBeVisible();
    await expect(row.getByText("admin", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /Make Admin/ })).toHaveCount(0);

    // The promoted user now gets the admin sidebar.
    const promoted = await page.context().browser()?.newContext({ baseURL });
    if (promoted) {
      const theirPage = await promoted.newPage();
      await theirPage.goto("/login?redirect=%2Fdashboard");
      await logIn(theirPage, worker);
      await expect(theirPage.getByRole("navigation", { name: "Dashboard" }).getByRole("link")).toHaveText(
        adminSidebarLinks,
      );
      await promoted.close();
    }

    // On a phone the list is cards, and nothing is wider than the screen.
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.reload();
    await expect(page.getByRole("table")).toBeHidden();
    const card = page.getByTestId("user-card").filter({ hasText: worker.email });
    await expect(card).toContainText("admin");
    await expectNoSideways(page, widths.phone);
    await screenshot(page, "dashboard-admin-375");
  });

  test("All Users pages through long lists", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    // Pretend there are 45 accounts: every page shows the real first page's rows.
    const requested: string[] = [];
    await page.route("**/api/user?*", async (route) => {
      const url = new URL(route.request().url());
      requested.push(url.search);
      url.searchParams.set("page", "1");
      const response = await route.fetch({ url: url.toString() });
      await route.fulfill({ response, headers: { ...response.headers(), "x-total-count": "45" } });
    });
    await page.goto("/dashboard/users");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination).toContainText("Page 1 of 3");
    await expect(page.getByText("45 accounts")).toBeVisible();
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/dashboard\/users\?page=2$/);
    await expect(pagination).toContainText("Page 2 of 3");
    // The page number shows from the address before the second page's request is answered.
    await expect.poll(() => requested).toEqual(["?page=1&limit=20", "?page=2&limit=20"]);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(pagination).toContainText("Page 1 of 3");
  });

  test("a list asked for a page past its end says so and leads back to its first page, its filter kept", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const lists = [
      { address: "/dashboard/users?page=999", items: "users", first: /\/dashboard\/users$/ },
      {
        address: "/dashboard/manageAllOrder?status=all&page=999",
        items: "orders",
        first: /\/dashboard\/manageAllOrder\?status=all$/,
      },
      { address: "/dashboard/manageTools?page=999", items: "tools", first: /\/dashboard\/manageTools$/ },
      {
        address: "/dashboard/showAllProfile?page=999",
        items: "profiles",
        first: /\/dashboard\/showAllProfile$/,
      },
      {
        address: "/dashboard/contactMessages?page=999",
        items: "messages",
        first: /\/dashboard\/contactMessages$/,
      },
      { address: "/dashboard/outbox?page=999", items: "messages", first: /\/dashboard\/outbox$/ },
      { address: "/dashboard?page=999", items: "orders", first: /\/dashboard$/ },
      { address: "/tools?page=999", items: "tools", first: /\/tools$/ },
    ];
    for (const { address, items, first } of lists) {
      await page.goto(address);
      await expect(page.getByRole("heading", { name: `There are no ${items} on page 999` })).toBeVisible();
      await expect(page.getByText("has fewer pages than that.")).toBeVisible();
      if (address.startsWith("/dashboard/users")) {
        await page.setViewportSize({ width: widths.phone, height: 900 });
        await screenshot(page, "past-last-page-375");
        await page.setViewportSize({ width: widths.desktop, height: 900 });
        await screenshot(page, "past-last-page-1280");
      }
      await page.getByRole("link", { name: "Go to the first page" }).click();
      await expect(page).toHaveURL(first);
    }
  });

  test("a 401 from any API call signs the user out and goes to /", async ({ page, request, baseURL }) => {
    const someone = newUser("Someone");
    await signUpViaApi(request, baseURL ?? "", someone);
    await verifyViaOutbox(baseURL ?? "", someone.email);
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Users");
    const makeAdmin = page
      .getByRole("row")
      .filter({ hasText: someone.email })
      .getByRole("button", { name: /Make Admin/ });
    await expect(makeAdmin).toBeVisible();
    // Everything the page loads has answered: the 401 that follows is the one of the click.
    await page.waitForLoadState("networkidle");

    // The session ends behind the page's back (expired, or revoked elsewhere).
    await page.context().clearCookies();
    await makeAdmin.click();
    await page.getByRole("dialog").getByRole("button", { name: "Make Admin" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);
  });
});

test("axe finds no serious or critical problem on the account screens", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.context().clearCookies();
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
      await page.getByRole("button", { name: path === "/login" ? "Login" : "Sign Up", exact: true }).click();
      await expect(page.getByText("Email is Required")).toBeVisible();
      await expectNoSeriousAxeViolations(page, `${path} with messages at ${width}px`);
    }
    await page.context().clearCookies();
    await signUpViaApi(page.request, baseURL ?? "", newUser());
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
    await expectNoSeriousAxeViolations(page, `Admins only at ${width}px`);

    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Users");
    await expect(page.getByText(admin.email).filter({ visible: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `All Users at ${width}px`);
    if (width === widths.desktop) {
      await mainNav(page).getByRole("button", { name: "Profile menu" }).click();
    } else {
      await mainNav(page).getByRole("button", { name: "Open menu" }).click();
    }
    await expect(mainNav(page).getByRole("link", { name: "Your Profile" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `open account menu at ${width}px`);
  }
});
