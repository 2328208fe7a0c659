import { type APIRequestContext, expect, type PlaywrightWorkerArgs, test } from "./fixtures";
import { screenshot, widths } from "./screenshots";
import { newUser, signInAsAdmin, signUpViaApi, type TestUser } from "./users";

/** Waits for what a request to the server brings (a sign-up, a reset): the shared test machine can be slow. */
const afterRequest = { timeout: 30_000 };

// Email in the browser (issue 13): the e2e shop has no SMTP_URL, so every message is kept in the
// outbox, and the links are read from the admins' Outbox API as an operator would read the page.

type OutboxMessage = { kind: string; to: string; text: string | null; status: string };

/**
 * The newest link of `kind` mailed to `to`, from the Outbox (as the admin). A reset link is queued
 * just after the answer to its request (the same answer for every address): it may take a moment.
 */
async function mailedLink(request: APIRequestContext, baseURL: string, to: string, kind: string) {
  await signInAsAdmin(request, baseURL);
  let message: OutboxMessage | undefined;
  await expect(async () => {
    const response = await request.get("/api/outbox?limit=100");
    expect(response.ok()).toBe(true);
    message = ((await response.json()) as OutboxMessage[]).find((m) => m.to === to && m.kind === kind);
    expect(message, `a ${kind} message to ${to}`).toBeDefined();
  }).toPass(afterRequest);
  const link = message?.text?.match(/https?:\/\/\S+\/api\/auth\/\S+/)?.[0];
  expect(link, "the link in the message").toBeDefined();
  return link as string;
}

/** `user` signed up in a request context of its own (another device, another person), which it returns. */
async function signedUpElsewhere(
  playwright: PlaywrightWorkerArgs["playwright"],
  shop: string,
  user: TestUser,
) {
  const elsewhere = await playwright.request.newContext({ baseURL: shop });
  await signUpViaApi(elsewhere, shop, user);
  return elsewhere;
}

test("a new account verifies its address with the emailed link", async ({ page, request, baseURL }) => {
  const user = newUser("Verifying Owner");
  await page.goto("/signup");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/tools$/, afterRequest);

  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Please verify your email address" });
  await expect(banner).toContainText(user.email);
  await banner.getByRole("button", { name: "Send again" }).click();
  await expect(banner.getByRole("status")).toHaveText(
    "A new link is on its way. It works for 24 hours.",
    afterRequest,
  );
  for (const [name, width] of [
    ["email-verify-banner-375", widths.phone],
    ["email-verify-banner-1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }

  await page.goto(await mailedLink(request, baseURL ?? "", user.email, "verify-email"));
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/, afterRequest);
  await expect(page.getByRole("status").filter({ hasText: "is verified" })).toHaveText(
    `Your email address ${user.email} is verified. Thank you!`,
  );
  await expect(banner).toHaveCount(0);
});

test("someone else's verification link verifies their address and leaves the browser signed in as before", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const shop = baseURL ?? "";
  const victim = newUser("Link Receiver");
  await signUpViaApi(page.request, shop, victim);
  // The sender signs up elsewhere and passes their own link on ("please confirm this").
  const sender = newUser("Link Sender");
  await (await signedUpElsewhere(playwright, shop, sender)).dispose();

  // A link asked for through the API returns to the home page.
  await page.goto(await mailedLink(request, shop, sender.email, "verify-email"));
  await expect(page).toHaveURL(`${shop}/`, afterRequest);
  const session = await (await page.request.get("/api/auth/get-session")).json();
  expect(session.user.email).toBe(victim.email);
  // Still the receiver's own dashboard (their address is not verified yet), never the sender's account.
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Please verify your email address" });
  await expect(banner).toContainText(victim.email);
});

test("a forgotten password is reset with the emailed link, and the old session ends", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const shop = baseURL ?? "";
  const user = newUser("Forgetful Owner");
  // Signed in elsewhere before the reset (another device).
  const otherDevice = await signedUpElsewhere(playwright, shop, user);
  const sessionThere = async () => (await (await otherDevice.get("/api/auth/get-session")).json()) as unknown;
  expect(await sessionThere()).not.toBeNull();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's code has loaded: the login form (its own Email field) is
  // still on screen until then.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${user.email}`, afterRequest);
  await page.setViewportSize({ width: widths.phone, height: 800 });
  await screenshot(page, "email-forgot-sent-375");

  await page.goto(await mailedLink(request, shop, user.email, "password-reset"));
  await expect(page).toHaveURL(/\/reset-password\?token=/, afterRequest);
  const resetUrl = page.url();
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-9");
  await page.getByLabel("Confirm new password").fill("brand-new-pass-8");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  for (const [name, width] of [
    ["email-reset-form-375", widths.phone],
    ["email-reset-form-1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }
  await page.getByLabel("Confirm new password").fill("brand-new-pass-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Password changed", afterRequest);
  expect(await sessionThere()).toBeNull();

  await page.getByRole("link", { name: "Go to login" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("brand-new-pass-9");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible(afterRequest);

  // The link works once.
  await page.goto(resetUrl);
  await page.getByLabel("New password", { exact: true }).fill("third-pass-77");
  await page.getByLabel("Confirm new password").fill("third-pass-77");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toBeVisible(afterRequest);
  await otherDevice.dispose();
});

test("the admins' Outbox page lists the kept messages and opens one", async ({ page, baseURL }) => {
  const user = newUser("Outbox Reader");
  await signUpViaApi(page.request, baseURL ?? "", user);
  await signInAsAdmin(page.request, baseURL ?? "");
  await page.goto("/dashboard/outbox");
  const message = page.getByTestId("outbox-message").filter({ hasText: user.email });
  await expect(message).toContainText("Verify your email for Car Mechanic", afterRequest);
  await expect(message).toContainText("Kept (no SMTP)");
  await message.getByText("Read the message").click();
  await expect(message.locator("pre")).toContainText("/api/auth/verify-email?token=");
  for (const [name, width] of [
    ["email-outbox-375", widths.phone],
    ["email-outbox-1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }
});
