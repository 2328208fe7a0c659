import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { type Browser, expect, type Page, test } from "./fixtures";
import { screenshot, widths } from "./screenshots";
import { invitationLink, newUser, signInAsAdmin, signUpInPage, signUpViaApi, verifyViaOutbox } from "./users";

// Company accounts in the browser (issue 27, items 1 and 2): a workshop owner applies, the shop
// admin approves it and sets its terms, the owner invites a colleague by email, and the colleague
// opens the mailed link and joins. The e2e shop has no SMTP_URL: the link is read from the Outbox.

const afterRequest = { timeout: 30_000 };

/** A page in a browser context of its own (another person at another computer). */
async function otherPerson(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

async function waitForApp(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.app === "ready");
}

for (const [label, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`a company applies, is approved, invites a colleague who joins (${label}, ${width}px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const shop = baseURL ?? "";
    await page.setViewportSize({ width, height: 900 });
    const owner = await signUpInPage(page, shop, "Workshop Owner");
    const companyName = `Brake Masters ${Date.now().toString(36)} ${width}`;

    // The owner applies.
    await page.goto("/dashboard/company");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company");
    const apply = page.getByRole("form", { name: "Apply for a company account" });
    await apply.getByRole("button", { name: "Apply" }).click();
    await expect(apply.getByText("Company name is Required")).toBeVisible();
    await apply.getByLabel("Company name").fill(companyName);
    await apply.getByLabel("Tax ID").fill("US-12-3456789");
    await apply.getByLabel("Address").fill("12 Garage Road\nSpringfield");
    await apply.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Waiting for approval" })).toBeVisible(
      afterRequest,
    );
    await expect(page.getByRole("form", { name: "Invite a colleague" })).toHaveCount(0);
    await expectNoSideways(page, width);
    await expectNoSeriousAxeViolations(page, `the pending company at ${width}px`);
    await screenshot(page, `company-pending-${width}`);

    // The shop admin approves it and sets its terms.
    const admin = await otherPerson(browser, shop, width);
    await signInAsAdmin(admin.request, shop);
    await admin.goto("/dashboard/companies?status=pending");
    await waitForApp(admin);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Companies", afterRequest);
    const card = admin.getByTestId("company").filter({ hasText: companyName });
    await expect(card).toContainText(owner.email);
    await card.getByRole("button", { name: `Approve ${companyName}` }).click();
    await expect(admin.getByText(`${companyName} is approved`)).toBeVisible(afterRequest);
    await admin.goto("/dashboard/companies?status=approved");
    await waitForApp(admin);
    const approved = admin.getByTestId("company").filter({ hasText: companyName });
    await expect(approved).toContainText("approved");
    await approved.getByLabel("Payment terms").selectOption("30");
    await approved.getByLabel("Credit limit ($)").fill("5000");
    await approved.getByLabel("Discount (%)").fill("60");
    await approved.getByRole("button", { name: `Save terms of ${companyName}` }).click();
    await expect(approved.getByRole("alert")).toContainText("discountPercent must be between 0 and 50");
    await approved.getByLabel("Discount (%)").fill("10");
    await approved.getByLabel("PO number required").check();
    await approved.getByRole("button", { name: `Save terms of ${companyName}` }).click();
    await expect(admin.getByText(`Terms of ${companyName} saved`)).toBeVisible(afterRequest);
    await expectNoSideways(admin, width);
    await toastsClosed(admin);
    await expectNoSeriousAxeViolations(admin, `the admins' Companies at ${width}px`);
    await screenshot(admin, `companies-admin-${width}`);

    // The owner sees the terms and invites a colleague.
    const colleague = newUser("Bookkeeper");
    await page.reload();
    await expect(page.getByText("Pay on account, 30 days")).toBeVisible();
    // The credit limit in the terms, and in the account's figures (issue 27, item 6) below them.
    await expect(page.getByText("$5,000.00").first()).toBeVisible();
    await expect(page.getByTestId("account-credit-limit")).toHaveText(/\$5,000\.00$/);
    const invite = page.getByRole("form", { name: "Invite a colleague" });
    await invite.getByLabel("Email").fill(colleague.email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`We emailed ${colleague.email} a link to join.`)).toBeVisible(afterRequest);
    await expect(page.getByRole("region", { name: "Invitations not yet accepted" })).toContainText(
      colleague.email,
    );

    // The colleague signs up, verifies the address and opens the mailed link.
    const joiner = await otherPerson(browser, shop, width);
    await signUpViaApi(joiner.request, shop, colleague);
    await verifyViaOutbox(shop, colleague.email);
    const opened = await joiner.goto(await invitationLink(admin.request, colleague.email));
    expect(opened?.status(), "the invitation's page is a page of the app").toBe(200);
    await waitForApp(joiner);
    await joiner.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(joiner.getByRole("heading", { level: 2, name: companyName })).toBeVisible(afterRequest);
    await expect(joiner.getByText("Welcome aboard")).toBeVisible();
    const members = joiner.getByRole("list", { name: "Members" });
    await expect(members).toContainText(owner.email);
    await expect(members).toContainText(colleague.email);
    await expect(joiner.getByRole("button", { name: "Leave the company" })).toBeVisible();
    await expectNoSideways(joiner, width);
    await toastsClosed(joiner);
    await expectNoSeriousAxeViolations(joiner, `the company's page for a buyer at ${width}px`);
    await screenshot(joiner, `company-buyer-${width}`);

    // The owner now sees the colleague as a member, with a role to change.
    await page.reload();
    await expect(page.getByRole("list", { name: "Members" })).toContainText(colleague.email);
    await expect(page.getByLabel(`Role of ${colleague.name}`)).toHaveValue("buyer");
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, `the company's page for its admin at ${width}px`);
    await screenshot(page, `company-admin-${width}`);
    await admin.context().close();
    await joiner.context().close();
  });
}
