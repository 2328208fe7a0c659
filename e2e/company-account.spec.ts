import { readFile } from "node:fs/promises";
import { type APIRequestContext, request as requests } from "@playwright/test";
import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { daysFromNow } from "./card-payment";
import { addToolsViaApi, putInCart, toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { type Browser, expect, type Locator, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import {
  invitationLink,
  newUser,
  signInAsAdmin,
  signUpInPage,
  signUpViaApi,
  type TestUser,
  verifyViaOutbox,
} from "./users";

// Ordering on account in the browser (issue 27, items 3-7): "A company of three buyers orders on
// account with PO numbers, the shop ships without a card payment, the bookkeeper reads what is due,
// and an admin records the transfer that clears it." The company, its terms and its members are set
// up through the API (their screens are companies.spec's); the ordering, shipping, reading and paying
// are done in the browser, at a phone's and a desktop's width, with axe.

test.describe.configure({ timeout: 240_000 });

const added = toolsTakenOffSaleAfterEach(test);
const afterRequest = { timeout: 30_000 };

/** A tool of the test's own at $100.00 a piece: $90.00 at the company's 10% off. */
const listPrice = 100;

/** A page in a browser context of its own (another person at another computer). */
async function otherPerson(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

async function ok(answer: Awaited<ReturnType<APIRequestContext["post"]>>, status: number) {
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.json();
}

/**
 * An approved company on account (30 days, $1,000.00 limit, 10% off, PO required) of `owner` (its
 * admin, the bookkeeper), with two buyers invited and joined. Answers the company's id.
 */
async function companyOfThree(
  shop: string,
  owner: Page,
  name: string,
  buyers: { page: Page; user: TestUser }[],
): Promise<string> {
  const headers = { origin: shop };
  const company = (await ok(
    await owner.request.post("/api/companies", {
      headers,
      data: { name, taxId: "US-98-7654321", address: "7 Axle Street\nSpringfield" },
    }),
    201,
  )) as { _id: string };
  const admin = await requests.newContext({ baseURL: shop });
  await signInAsAdmin(admin, shop);
  await ok(
    await admin.patch(`/api/companies/${company._id}`, {
      headers,
      data: {
        status: "approved",
        paymentTermsDays: 30,
        creditLimit: 1000,
        discountPercent: 10,
        poRequired: true,
      },
    }),
    200,
  );
  for (const { page, user } of buyers) {
    await signUpViaApi(page.request, shop, user);
    await verifyViaOutbox(shop, user.email);
    await ok(
      await owner.request.post(`/api/companies/${company._id}/members`, {
        headers,
        data: { email: user.email, role: "buyer" },
      }),
      201,
    );
    const token = new URL(await invitationLink(admin, user.email), shop).searchParams.get("invitation");
    await ok(await page.request.post(`/api/companies/invitations/${token}/accept`, { headers }), 200);
  }
  await admin.dispose();
  return company._id;
}

/** The newest order in My Orders: the table's row at 1280 px, the card below. */
function newestOrder(page: Page, width: number): Locator {
  return page.getByTestId(width >= 1280 ? "order-row" : "order-card").first();
}

/** One order in Manage All Order: the row at 1280 px, the card below. */
function adminOrder(page: Page, width: number, orderId: string): Locator {
  return page.locator(
    `[data-testid="admin-order-${width >= 1280 ? "row" : "card"}"][data-order-id="${orderId}"]`,
  );
}

async function looksRight(page: Page, width: number, what: string, name: string) {
  await expectNoSideways(page, width, what);
  await toastsClosed(page);
  await expectNoSeriousAxeViolations(page, `${what} at ${width}px`);
  await screenshotFromTop(page, `${name}-${width}`);
}

/** The tool page's Order Now form filled for an order on account with this PO number. */
async function orderOnAccountNow(page: Page, toolId: string, toolName: string, quantity: number, po: string) {
  await page.goto(`/tools/${toolId}`);
  const form = page.getByRole("form", { name: `Order ${toolName}` });
  await form.getByLabel("Quantity (pieces)").fill(String(quantity));
  await form.getByLabel("Phone").fill("+1 (555) 010-0200");
  await form.getByLabel("Delivery address").fill("7 Axle Street, Springfield");
  await form.getByLabel("Needed by").fill(daysFromNow(14));
  await form.getByLabel("PO number").fill(po);
  await form.getByRole("radio", { name: /^Pay on account/ }).check();
  await form.getByRole("button", { name: "Place order" }).click();
  return form;
}

for (const [label, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`a company of three buyers orders on account with PO numbers, the shop ships it, the bookkeeper reads what is due and an admin records the transfer (${label}, ${width}px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const shop = baseURL ?? "";
    const sku = uniqueSku("ACC");
    const toolName = `Account Torque Wrench ${sku}`;
    const [toolId = ""] = await addToolsViaApi(
      shop,
      [{ name: toolName, sku, minimum: 1, increment: 1, price: listPrice, available: 900 }],
      added,
    );
    await page.setViewportSize({ width, height: 900 });
    const bookkeeper = await signUpInPage(page, shop, "Account Bookkeeper");
    await verifyViaOutbox(shop, bookkeeper.email);
    const companyName = `Axle Works ${Date.now().toString(36)} ${width}`;
    const first = { page: await otherPerson(browser, shop, width), user: newUser("First Buyer") };
    const second = { page: await otherPerson(browser, shop, width), user: newUser("Second Buyer") };
    await companyOfThree(shop, page, companyName, [first, second]);
    const po = `PO-4711-${width}`;
    const secondPo = `PO-4712-${width}`;

    // The first buyer sees the company's price on the tool page: 10% off, the list price struck.
    const buyer = first.page;
    await buyer.goto(`/tools/${toolId}`);
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(toolName);
    await expect(buyer.getByTestId("company-price-label").first()).toHaveText("Your company price (10% off)");
    await expect(buyer.getByTestId("list-price").first()).toContainText("$100.00");
    await expect(buyer.getByText("$90.00").first()).toBeVisible();
    await looksRight(buyer, width, "the company price on the tool page", "company-price-tool");

    // The cart's checkout: a PO number is required, then the order goes on account.
    await putInCart(buyer, shop, toolId, 5);
    await buyer.goto("/cart");
    await buyer.getByRole("button", { name: "Check out" }).click();
    const checkout = buyer.getByRole("form", { name: "Checkout", exact: true });
    await expect(checkout.getByTestId("checkout-total")).toHaveText("$450.00");
    await checkout.getByLabel("Phone").fill("+1 (555) 010-0100");
    await checkout.getByLabel("Delivery address").fill("7 Axle Street, Springfield");
    await checkout.getByLabel("Needed by").fill(daysFromNow(14));
    await checkout.getByRole("radio", { name: /^Pay on account/ }).check();
    await expect(
      buyer.getByText("On account, nothing is paid now: the order is due after it ships."),
    ).toBeVisible();
    await checkout.getByRole("button", { name: "Place order" }).click();
    await expect(
      checkout.getByText("Your company asks for a PO number on every order: enter one", { exact: true }),
    ).toBeVisible();
    await looksRight(buyer, width, "the checkout asking for a PO number", "company-checkout-po");
    await checkout.getByLabel("PO number").fill(po);
    await checkout.getByRole("button", { name: "Place order" }).click();
    await expect(buyer.getByText("Order placed on account", { exact: true })).toBeVisible(afterRequest);
    await expect(buyer).toHaveURL(/\/dashboard$/);
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText("My Orders");
    const mine = newestOrder(buyer, width);
    await expect(mine).toContainText(toolName);
    await expect(mine.getByTestId("po-number")).toHaveText(`PO ${po}`);
    await expect(mine.getByTestId("on-account")).toHaveText("On account");
    await expect(mine).toContainText("$450.00");
    await expect(buyer.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
    const orderId = (await mine.getAttribute("data-order-id")) ?? "";
    const orderNumber = (await mine.getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^CM-\d{5,}$/);
    await looksRight(buyer, width, "My Orders with an order on account", "company-my-orders");

    // The second buyer orders on account with the tool page's Order Now form.
    const other = second.page;
    await orderOnAccountNow(other, toolId, toolName, 3, secondPo);
    await expect(other.getByText("Order placed on account", { exact: true })).toBeVisible(afterRequest);
    const secondOrder = newestOrder(other, width);
    await expect(secondOrder.getByTestId("po-number")).toHaveText(`PO ${secondPo}`);
    await expect(secondOrder.getByTestId("on-account")).toHaveText("On account");
    await expect(secondOrder).toContainText("$270.00");
    await expect(other.getByRole("link", { name: /^Pay/ })).toHaveCount(0);

    // A third order would take the company past its limit ($450 + $270 + $360 > $1,000): refused.
    const refused = await orderOnAccountNow(other, toolId, toolName, 4, `PO-4713-${width}`);
    await expect(
      refused.getByText(
        "This order would take your company past its credit limit: pay by card, or ask your company to settle its balance",
        { exact: true },
      ),
    ).toBeVisible(afterRequest);
    await expect(other).toHaveURL(new RegExp(`/tools/${toolId}$`));
    // The refusal's toast may come a moment after the field's message: let it come (and go) before axe.
    await expect(other.getByText("Order Failed", { exact: true })).toBeVisible();
    await looksRight(other, width, "an order on account past the credit limit", "company-over-limit");

    // The shop admin finds the first order by its PO number and ships it: no card payment asked.
    const admin = await otherPerson(browser, shop, width);
    await signInAsAdmin(admin.request, shop);
    await admin.goto("/dashboard/manageAllOrder");
    await admin.getByLabel("Find an order by number, id, PO number, email or product").fill(po);
    await admin.getByRole("button", { name: "Find", exact: true }).click();
    await expect(admin).toHaveURL(new RegExp(`q=${po}`));
    const found = adminOrder(admin, width, orderId);
    await expect(found).toContainText(`PO ${po}`);
    await expect(found).toContainText("On account");
    await expect(found).toContainText("Ready to ship");
    await expect(admin.getByTestId(width >= 1280 ? "admin-order-row" : "admin-order-card")).toHaveCount(1);
    await found.getByRole("button", { name: /^ADD/ }).click();
    await expect(admin.getByText("Update Order Successfully", { exact: true })).toBeVisible(afterRequest);
    await admin.goto(`/dashboard/manageAllOrder?status=shipped&q=${po}`);
    const shipped = adminOrder(admin, width, orderId);
    await expect(shipped).toContainText("Shipped");
    await expect(shipped.getByTestId("due-on")).toHaveText(/^Due \w+day, \w+ \d{1,2}, \d{4}$/);
    await looksRight(admin, width, "Manage All Order with a shipped order on account", "company-shipped");

    // The bookkeeper (the company's admin) reads what is due.
    await page.goto("/dashboard/company");
    await expect(page.getByRole("heading", { level: 2, name: "Account" })).toBeVisible(afterRequest);
    await expect(page.getByTestId("account-balance")).toContainText("$450.00");
    await expect(page.getByTestId("account-available")).toContainText("$280.00");
    const due = page.getByRole("list", { name: "Amounts due" }).getByTestId("amount-due");
    await expect(due).toHaveCount(1);
    await expect(due).toContainText(orderNumber);
    await expect(due).toContainText(`PO ${po}`);
    await expect(due).toContainText(/due \w{3} \d{1,2}, \d{4}/);
    await expect(due).toContainText("$450.00");
    const statementLine = page.getByTestId(width >= 768 ? "statement-line" : "statement-card");
    await expect(statementLine.filter({ hasText: orderNumber })).toContainText("$450.00");
    await expect(statementLine.filter({ hasText: orderNumber })).toContainText(po);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download statement (CSV)" }).click(),
    ]);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv).toContain(orderNumber);
    expect(csv).toContain(po);
    await looksRight(page, width, "the company's account with an amount due", "company-account-due");

    // The shop admin records the transfer that clears it.
    const reference = `TR-${width}-${Date.now().toString(36)}`;
    await admin.goto("/dashboard/companies?status=approved");
    const card = admin.getByTestId("company").filter({ hasText: companyName });
    const account = card.getByRole("region", { name: `Account of ${companyName}` });
    await expect(account.getByTestId("account-balance")).toContainText("$450.00", afterRequest);
    await account.getByLabel("Amount ($)").fill("450");
    await account.getByLabel("Reference").fill(reference);
    await expect(account.getByLabel("Received on")).not.toHaveValue("");
    await account.getByRole("button", { name: "Record payment", exact: true }).click();
    await expect(admin.getByText("Payment recorded", { exact: true })).toBeVisible(afterRequest);
    await expect(account.getByTestId("account-balance")).toContainText("$0.00", afterRequest);
    await account.getByRole("button", { name: `View statement of ${companyName}` }).click();
    const adminStatement = account.getByTestId(width >= 768 ? "statement-line" : "statement-card");
    await expect(adminStatement.filter({ hasText: orderNumber })).toContainText("$450.00");
    await expect(adminStatement.filter({ hasText: `Payment ${reference}` })).toContainText("$0.00");
    await looksRight(admin, width, "the admins' Companies after a payment", "company-payment-recorded");

    // The bookkeeper reloads: nothing due, the payment received and on the statement.
    await page.reload();
    await expect(page.getByTestId("account-balance")).toContainText("$0.00", afterRequest);
    await expect(page.getByText("Nothing is due: every shipped order is paid.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Payments received" })).toContainText(reference);
    await expect(page.getByRole("list", { name: "Payments received" })).toContainText("$450.00");
    await expect(statementLine.filter({ hasText: `Payment ${reference}` })).toContainText("$450.00");
    await looksRight(page, width, "the company's account once paid", "company-account-paid");

    for (const person of [buyer, other, admin]) await person.context().close();
  });
}
