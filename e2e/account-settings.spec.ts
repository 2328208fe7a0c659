import { expect, test } from "./fixtures";
import { screenshot, screenshotFromTop, widths } from "./screenshots";
import { signInAsAdmin, signUpInPage } from "./users";

/** Waits for what a request to the server brings: the shared test machine can be slow. */
const afterRequest = { timeout: 30_000 };

// Account settings (issue 13 item 5): a user changes their name and password, signs in with the
// new one, and deletes the account, which can then no longer sign in.

test("a user changes name and password, signs in with the new password, then deletes the account", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await signUpInPage(page, baseURL, "Settings Owner");
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Account settings" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  for (const [name, width] of [
    ["account-settings-375", widths.phone],
    ["account-settings-1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, name);
  }

  const nameCard = page.getByRole("region", { name: "Name and photo" });
  await nameCard.getByLabel("Name").fill("Renamed Owner");
  await nameCard.getByRole("button", { name: "Save name and photo" }).click();
  await expect(nameCard.getByRole("status")).toHaveText("Your name and photo are saved.", afterRequest);

  const passwordCard = page.getByRole("region", { name: "Password" });
  await passwordCard.getByLabel("Current password").fill("wrong-password-1");
  await passwordCard.getByLabel("New password", { exact: true }).fill("a-new-password-2");
  await passwordCard.getByLabel("Confirm new password").fill("a-new-password-2");
  await passwordCard.getByRole("button", { name: "Change password" }).click();
  await expect(passwordCard.getByRole("alert")).toContainText("Failed:", afterRequest);
  await passwordCard.getByLabel("Current password").fill(user.password);
  await passwordCard.getByRole("button", { name: "Change password" }).click();
  await expect(passwordCard.getByRole("status")).toHaveText(
    "Password changed. Every other device is signed out.",
    afterRequest,
  );

  // Signed out, then in again with the new password: the new name is the account's.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible(afterRequest);
  await page.getByLabel("Password", { exact: true }).fill("a-new-password-2");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, afterRequest);
  await page.goto("/dashboard/account");
  await expect(page.getByRole("region", { name: "Name and photo" }).getByLabel("Name")).toHaveValue(
    "Renamed Owner",
  );

  const deleteCard = page.getByRole("region", { name: "Delete my account" });
  await deleteCard.getByLabel("Your password").fill("a-new-password-2");
  await deleteCard.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, afterRequest);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login", exact: true }),
  ).toBeVisible();

  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: "a-new-password-2" },
    headers: { origin: baseURL ?? "" },
  });
  expect(signIn.status()).toBe(401);
});

test("an admin turns an admin message off on the same screen", async ({ page, baseURL }) => {
  await signInAsAdmin(page.request, baseURL ?? "");
  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Email notifications" });
  const paidOrder = card.getByLabel("A paid order is waiting to ship");
  await expect(paidOrder).toBeChecked(afterRequest);
  await paidOrder.uncheck();
  await expect(paidOrder).not.toBeChecked();
  await page.reload();
  await expect(card.getByLabel("A paid order is waiting to ship")).not.toBeChecked(afterRequest);
  await card.getByLabel("A paid order is waiting to ship").check();
  await expect(card.getByLabel("A paid order is waiting to ship")).toBeChecked(afterRequest);
  await page.setViewportSize({ width: widths.phone, height: 900 });
  await screenshotFromTop(page, "account-settings-admin-375");
});
