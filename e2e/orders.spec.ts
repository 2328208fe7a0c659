import type { Tool } from "../contract/catalog";
import { addCalendarDays, formatLongDay, shopToday } from "../contract/delivery-dates";
import type { Order } from "../contract/orders";
import { pieces } from "../contract/tool-display";
import { expectRed } from "./appearance";
import { expectNoAxeViolations } from "./axe";
import { daysFromNow, futureExpiry, payViaApi, payWithCard } from "./card-payment";
import { toolNamed } from "./catalog";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { newUser, signInAsAdmin, signUpInPage, signUpViaApi } from "./users";

// Orders and payments in the browser (spec §2, §4, §5, §8; decisions.md): the tool page's order form
// with the lot rules and the live total, My Orders with Pay, the card payment through the simulated
// gateway (Stripe's test cards), and Manage All Order (ADD ships, Remove Order cancels). Stock moves
// with the orders. The paid-and-shipped lots use tools no other spec counts; the Bumper's lot is removed
// again, so the Bumper ends with the stock it started with.

function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

/** Orders a lot through the tool page's form and lands on My Orders; returns the new order's id. */
async function orderThroughForm(page: Page, tool: Tool, quantity?: number): Promise<string> {
  await page.goto(`/tools/${tool._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tool.name);
  const form = page.getByRole("form", { name: `Order ${tool.name}` });
  if (quantity !== undefined) await form.getByLabel("Quantity (pieces)").fill(String(quantity));
  await form.getByLabel("Phone").fill("+1 (555) 010-0100");
  await form.getByLabel("Delivery address").fill("12 Garage Lane, Springfield");
  await form.getByLabel("Needed by").fill(daysFromNow(14));
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Order Added in Database")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  const newest = page
    .getByTestId(`order-${(page.viewportSize()?.width ?? 1280) >= 1280 ? "row" : "card"}`)
    .first();
  await expect(newest).toContainText(tool.name);
  const id = await newest.getAttribute("data-order-id");
  expect(id).toBeTruthy();
  return id ?? "";
}

/** My Orders' row (wide screens) of one order. */
function myOrderRow(page: Page, orderId: string): Locator {
  return page.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
}

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is no wider than the screen").toBeLessThanOrEqual(0);
}

/** The Available line of a tool's card on /tools. */
async function expectListedStock(page: Page, name: string, available: string): Promise<void> {
  await page.goto("/tools");
  const card = page
    .getByTestId("tool-card")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText(`Available: ${available}`);
}

/** Places an order of the tool's minimum lot through the API as the signed-in user of `request`. */
async function placeViaApi(
  request: APIRequestContext,
  baseURL: string,
  tool: Tool,
  neededInDays: number,
): Promise<Order> {
  const placed = await request.post("/api/order", {
    headers: { origin: baseURL },
    data: {
      orderId: tool._id,
      orderMinimum: tool.minimum,
      orderPhone: "+1 555 010 0199",
      orderAddress: "7 Piston Road, Shelbyville",
      orderDate: daysFromNow(neededInDays),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: Order }).order;
}

/** Places and pays an order through the API as the page's signed-in user (simulated gateway). */
async function placeAndPayViaApi(request: APIRequestContext, baseURL: string, tool: Tool): Promise<Order> {
  const order = await placeViaApi(request, baseURL, tool, 10);
  return payViaApi(request, baseURL, order._id);
}

test.describe("the order form on a tool's page", () => {
  test("shows the tool, fills the buyer's name and email, and totals the lot as the quantity changes", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    const user = await signUpInPage(page, baseURL, "Amina Rahman");
    const bumper = await toolNamed(page, "Bumper");
    await page.goto(`/tools/${bumper._id}`);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bumper");
    await expect(page).toHaveTitle("Bumper · Car Mechanic");
    const facts = page.getByRole("article", { name: "Bumper" });
    await expect(facts.getByRole("img", { name: "Bumper" })).toHaveAttribute("width", "600");
    await expect(facts.getByRole("img", { name: "Bumper" })).toHaveAttribute("height", "400");
    await expect(facts).toContainText("Price per piece$118.50");
    await expect(facts).toContainText("In stock860 pieces");
    await expect(facts).toContainText("Minimum order10 pieces");
    await expect(facts).toContainText("Lead time3 days");

    const form = page.getByRole("form", { name: "Order Bumper" });
    const name = form.getByLabel("Name");
    const email = form.getByLabel("Email");
    await expect(name).toHaveValue(user.name);
    await expect(email).toHaveValue(user.email);
    for (const field of [name, email]) await expect(field).toHaveAttribute("readonly", "");
    await expect(name).toHaveAttribute("autocomplete", "name");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("autocomplete", "email");

    const quantity = form.getByLabel("Quantity (pieces)");
    await expect(quantity).toHaveValue("10");
    await expect(quantity).toHaveAttribute("name", "quantity");
    // One stepper: the − and + buttons, and a text field with a numeric keyboard (no native spinners).
    await expect(quantity).toHaveAttribute("type", "text");
    await expect(quantity).toHaveAttribute("inputmode", "numeric");
    await expect(form).toContainText("From 10 pieces to 860 pieces.");
    await expect(form.getByRole("button", { name: /^More pieces/ })).toHaveCount(1);
    await expect(form.getByRole("button", { name: /^Fewer pieces/ })).toHaveCount(1);
    const phone = form.getByLabel("Phone");
    await expect(phone).toHaveAttribute("type", "tel");
    await expect(phone).toHaveAttribute("autocomplete", "tel");
    await expect(phone).toHaveAttribute("name", "phone");
    const address = form.getByLabel("Delivery address");
    await expect(address).toHaveAttribute("autocomplete", "street-address");
    await expect(address).toHaveAttribute("name", "address");
    const date = form.getByLabel("Needed by");
    // Days before the earliest arrival (today in the shop's zone + the 3-day lead time) are disabled, with why.
    const earliest = addCalendarDays(shopToday(), 3);
    await expect(date).toHaveAttribute("type", "date");
    await expect(date).toHaveAttribute("min", earliest);
    await expect(form).toContainText(
      `The earliest this tool can arrive is ${formatLongDay(earliest)}: it takes 3 days to deliver, so earlier days cannot be chosen.`,
    );

    // The live total: unit price × quantity.
    const total = form.getByTestId("order-total");
    await expect(total).toHaveText("$1,185.00");
    await quantity.fill("75");
    await expect(total).toHaveText("$8,887.50");
    await form.getByRole("button", { name: /^More pieces/ }).click();
    await expect(quantity).toHaveValue("76");
    await expect(total).toHaveText("$9,006.00");

    // The lot rules, with the server's messages.
    await quantity.fill("5");
    await quantity.blur();
    await expect(form.getByText("Order at least 10 pieces", { exact: true })).toBeVisible();
    // No total for a quantity the shop refuses: the rule instead.
    await expect(total).toHaveText("Order at least 10 pieces to see the total");
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await quantity.fill("1500");
    await expect(form.getByText("Only 860 pieces left", { exact: true })).toBeVisible();
    await expect(total).toHaveText("Only 860 pieces left to see the total");
    await expect(total).not.toContainText("$");
    await screenshotFromTop(page, "order-form-no-total-1280");
    await quantity.fill("10");
    await expect(form.getByText(/Order at least|left/)).toHaveCount(0);

    // Everything is required.
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByText("Phone Number Required", { exact: true })).toBeVisible();
    await expect(form.getByText("Address is Required", { exact: true })).toBeVisible();
    await expect(form.getByText("Choose the date you need the order by", { exact: true })).toBeVisible();
    await expect(phone).toBeFocused();
    await date.fill(addCalendarDays(shopToday(), -1));
    await date.blur();
    await expect(form.getByText("Choose today or a later date", { exact: true })).toBeVisible();
    // The day before the earliest arrival: refused by the form, and by the server, naming the earliest day.
    const tooSoon = `The earliest this tool can arrive is ${formatLongDay(earliest)}; choose that day or a later one`;
    await date.fill(addCalendarDays(earliest, -1));
    await date.blur();
    await expect(form.getByText(tooSoon, { exact: true })).toBeVisible();
    const refused = await page.request.post("/api/order", {
      headers: { origin: baseURL ?? "" },
      data: {
        orderId: bumper._id,
        orderMinimum: 10,
        orderPhone: "+1 (555) 010-0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: addCalendarDays(earliest, -1),
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ error: tooSoon });
    await screenshotFromTop(page, "order-form-too-soon-1280");
    await date.fill(earliest);
    await expect(form.getByText(tooSoon)).toHaveCount(0);
    await phone.fill("+1 (555) 010-0100");
    await address.fill("12 Garage Lane, Springfield");
    await date.fill(daysFromNow(14));
    await expect(form.getByText("Phone Number Required")).toHaveCount(0);
    await screenshotFromTop(page, "order-form-1280");
    await expectNoAxeViolations(page, "main");

    // A refusal from the server (the stock moved meanwhile): 'Order Failed' with its reason, at the quantity.
    await page.route("**/api/order", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 409, json: { error: "Only 6 pieces left" } })
        : route.continue(),
    );
    await form.getByRole("button", { name: "Place order" }).click();
    const failed = page.locator("[data-sonner-toast]").filter({ hasText: "Order Failed" });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText("Only 6 pieces left");
    await expect(form.getByText("Only 6 pieces left", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/tools/${bumper._id}`);

    await page.setViewportSize({ width: widths.tablet, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "order-form-375");
    await quantity.fill("1500");
    await expect(total).toHaveText("Only 860 pieces left to see the total");
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "order-form-no-total-375");
  });

  test("checks the increment of a tool sold in steps", async ({ page, baseURL }) => {
    await signUpInPage(page, baseURL);
    const wrench = await toolNamed(page, "Torque Wrench");
    await page.goto(`/tools/${wrench._id}`);
    const form = page.getByRole("form", { name: "Order Torque Wrench" });
    const quantity = form.getByLabel("Quantity (pieces)");
    await expect(page.getByRole("article", { name: "Torque Wrench" })).toContainText(
      "Order in steps of50 pieces",
    );
    await expect(form).toContainText(", in steps of 50");
    await quantity.fill("525");
    await quantity.blur();
    await expect(form.getByText("Order in steps of 50", { exact: true })).toBeVisible();
    await form.getByRole("button", { name: /^More pieces/ }).click();
    await expect(quantity).toHaveValue("550");
    await expect(form.getByText("Order in steps of 50")).toHaveCount(0);
    await expect(form.getByTestId("order-total")).toHaveText("$37,675.00");
  });

  test("pre-fills the needed-by date with the delivery date chosen on the home page", async ({
    page,
    baseURL,
  }) => {
    await signUpInPage(page, baseURL);
    const bumper = await toolNamed(page, "Bumper");
    await page.goto("/");
    const chosen = daysFromNow(9);
    await page.evaluate((date) => localStorage.setItem("car-mechanic:delivery-date", date), chosen);
    await page.goto(`/tools/${bumper._id}`);
    await expect(page.getByLabel("Needed by")).toHaveValue(chosen);

    // A date that has gone by is not offered.
    await page.evaluate((date) => localStorage.setItem("car-mechanic:delivery-date", date), daysFromNow(-2));
    await page.reload();
    await expect(page.getByLabel("Needed by")).toHaveValue("");
  });

  test("an unknown tool shows a not-found panel", async ({ page, baseURL }) => {
    await signUpInPage(page, baseURL);
    await page.goto("/tools/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tool not found");
    await expect(page.getByRole("link", { name: "Browse tools" })).toHaveAttribute("href", "/tools");
    await page.goto("/tools/not-a-tool-id");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tool not found");
  });
});

test.describe("paying for an order", () => {
  test("a buyer orders a lot, pays with 4242 4242 4242 4242 and My Orders shows it paid", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    const user = await signUpInPage(page, baseURL, "Rahim Auto");
    const block = await toolNamed(page, "Engine Block");
    const orderId = await orderThroughForm(page, block, 4);

    const row = myOrderRow(page, orderId);
    await expect(row).toContainText("Engine Block");
    // The order's number, first: what the buyer reads out on the phone.
    const orderNumber = (await row.getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^CM-\d{5,}$/);
    await expect(row.getByRole("cell").nth(0)).toHaveText(orderNumber);
    await expect(row.getByRole("cell").nth(2)).toHaveText("4");
    await expect(row).toContainText("$2,968.00");
    await expect(row).toContainText("$742.00 per piece");
    await expect(row).toContainText("Awaiting payment");
    // Unpaid orders are released after 48 hours (UNPAID_ORDER_HOURS): the buyer is told by when to pay.
    await expect(row).toContainText(/Pay by .+, or the order is released/);
    await screenshotFromTop(page, "my-orders-unpaid-1280");

    await row.getByRole("link", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment");
    await expect(page.getByTestId("payment-total")).toHaveText("$2,968.00");
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
    const form = page.getByRole("form", { name: "Card payment" });
    await expect(form.getByLabel("Name on card")).toHaveValue(user.name);
    await expect(form.getByLabel("Email")).toHaveValue(user.email);
    for (const [label, autocomplete] of [
      ["Name on card", "cc-name"],
      ["Card number", "cc-number"],
      ["Expiry (MM/YY)", "cc-exp"],
      ["CVC", "cc-csc"],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveAttribute("autocomplete", autocomplete);
    }
    for (const label of ["Card number", "Expiry (MM/YY)", "CVC"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("inputmode", "numeric");
    }
    const pay = form.getByRole("button", { name: "Pay $2,968.00" });
    await expect(pay).toBeEnabled();
    // Near the Pay button, the terms the buyer accepts, opening beside the form (what was typed stays).
    await expect(form).toContainText("By paying you accept the terms of sale");
    const terms = form.getByRole("link", { name: /^terms of sale/ });
    await expect(terms).toHaveAttribute("href", "/terms");
    await expect(terms).toHaveAttribute("target", "_blank");
    await form.getByLabel("Card number").pressSequentially("4242424242424242");
    await expect(form.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM/YY)").pressSequentially(futureExpiry.replace("/", ""));
    await expect(form.getByLabel("Expiry (MM/YY)")).toHaveValue(futureExpiry);
    await form.getByLabel("CVC").fill("123");
    await screenshotFromTop(page, "payment-1280");
    await expectNoAxeViolations(page, "main");
    await pay.click();

    await expect(page.getByRole("heading", { name: "Congrates!Your Payment is completed." })).toBeVisible();
    const transactionId = await page.getByTestId("transaction-id").textContent();
    expect(transactionId).toMatch(/^pi_sim_\w+$/);
    // The receipt: order number, amount with cents, the card's brand and last four, the date, and the email.
    const receipt = page.getByTestId("receipt");
    await expect(receipt).toContainText(`Order${orderNumber}`);
    await expect(receipt).toContainText("Amount paid$2,968.00");
    await expect(receipt).toContainText("CardVisa ending in 4242");
    await expect(receipt).toContainText(/Date[A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(page.getByText(`We emailed this receipt to ${user.email}.`)).toBeVisible();
    await screenshotFromTop(page, "payment-success-1280");
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "payment-success-375");
    // The simulated gateway never loads Stripe.js.
    expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);

    await page.getByRole("link", { name: "Back to My Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await expect(card.getByTestId("order-number")).toHaveText(orderNumber);
    await expect(card).toContainText("Paid");
    await expect(card).toContainText(transactionId ?? "");
    await expect(card.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "my-orders-375");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await expect(row).toContainText("Paid");
    await expect(row).toContainText(`Transaction id ${transactionId}`);
    await expect(row).toContainText("Preparing shipment");
    await expect(row.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "my-orders-1280");
    await expectNoAxeViolations(page, "main");
    await page.setViewportSize({ width: widths.tablet, height: 900 });
    await expect(card).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // The payment page of a paid order shows Paid and the id instead of the form.
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole("heading", { name: "Paid", exact: true })).toBeVisible();
    await expect(page.getByTestId("transaction-id")).toHaveText(transactionId ?? "");
    await expect(page.getByRole("form", { name: "Card payment" })).toHaveCount(0);
  });

  test("a declined card shows Stripe's message in red and the order stays unpaid; an admin removes it", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const user = await signUpInPage(page, baseURL, "Sofia Marquez");
    const bumper = await toolNamed(page, "Bumper");
    const before = bumper.available;
    const orderId = await orderThroughForm(page, bumper);

    // The lot is reserved at once: the tools list shows the stock that is left.
    await expectListedStock(page, "Bumper", pieces(before - bumper.minimum));

    await page.goto("/dashboard");
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    await card.getByRole("link", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "payment-375");
    await payWithCard(page, "4000 0000 0000 0002");
    const error = page.getByRole("alert").filter({ hasText: "Your card was declined." });
    await expect(error).toHaveText("Your card was declined.");
    await expectRed(error);
    await expect(page.getByRole("heading", { name: "Congrates!Your Payment is completed." })).toHaveCount(0);
    await screenshotFromTop(page, "payment-declined-375");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await screenshotFromTop(page, "payment-declined-1280");

    await page.goto("/dashboard");
    const row = myOrderRow(page, orderId);
    await expect(row.getByRole("link", { name: /^Pay/ })).toBeVisible();
    await expect(row).toContainText("Awaiting payment");

    // The admin removes the unpaid order after 'Are you sure?'; its stock goes back on sale.
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/dashboard/manageAllOrder");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage All Order");
    const adminRow = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    // The order number has its own column, and the search finds the order by it.
    const orderNumber = (await adminRow.getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^CM-\d{5,}$/);
    await expect(adminRow.getByRole("cell").nth(0)).toHaveText(orderNumber);
    await expect(page.getByRole("columnheader", { name: "Order", exact: true })).toBeVisible();
    await page.getByRole("searchbox").fill(orderNumber.toLowerCase());
    await page.getByRole("searchbox").press("Enter");
    await expect(page.getByTestId("admin-order-row")).toHaveCount(1);
    await expect(adminRow).toBeVisible();
    await screenshotFromTop(page, "manage-all-order-search-1280");
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await expect(
      page
        .locator(`[data-testid="admin-order-card"][data-order-id="${orderId}"]`)
        .getByTestId("order-number"),
    ).toHaveText(orderNumber);
    await screenshotFromTop(page, "manage-all-order-search-375");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/manageAllOrder");
    await expect(adminRow).toContainText(user.name);
    await expect(adminRow).toContainText(user.email);
    await expect(adminRow).toContainText("Not Paid");
    await expect(adminRow.getByRole("button", { name: /^ADD/ })).toHaveCount(0);
    const remove = adminRow.getByRole("button", { name: /^Remove Order/ });

    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog).toContainText(`${pieces(bumper.minimum)} of Bumper`);
    const cancel = dialog.getByRole("button", { name: "Cancel" });
    const confirm = dialog.getByRole("button", { name: "Yes, remove it" });
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(adminRow).toContainText("Awaiting payment");

    const toActOn = await listedOrderCount(page);
    await remove.click();
    await expect(dialog).toBeVisible();
    await screenshotFromTop(page, "manage-all-orders-confirm-1280");
    await confirm.click();
    await expect(toast(page, "Cancel the order successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Gone from the orders to act on, and counted out of them, without a reload.
    await expect(adminRow).toHaveCount(0);
    await expect(orderCount(page)).toHaveText(`${toActOn - 1} order${toActOn - 1 === 1 ? "" : "s"}`);
    await page.getByLabel("Show").selectOption("cancelled");
    await expect(adminRow).toContainText("Cancelled");
    await expect(adminRow.getByRole("button")).toHaveCount(0);

    await expectListedStock(page, "Bumper", pieces(before));
  });
});

/** The count beside Manage All Order's title ("12 orders"). */
const orderCount = (page: Page) => page.getByText(/^\d+ orders?$/);

async function listedOrderCount(page: Page): Promise<number> {
  await expect(orderCount(page)).toBeVisible();
  return Number.parseInt((await orderCount(page).textContent()) ?? "", 10);
}

test.describe("Manage All Order", () => {
  test("an admin ships a paid order with ADD", async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const buyer = await browser.newContext({ baseURL });
    const user = newUser("Northside Tyres");
    await signUpViaApi(buyer.request, baseURL ?? "", user);
    const scanner = await toolNamed(page, "OBD-II Diagnostic Scanner");
    const paid = await placeAndPayViaApi(buyer.request, baseURL ?? "", scanner);
    await placeViaApi(buyer.request, baseURL ?? "", scanner, 20); // and one left unpaid
    await buyer.close();

    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/manageAllOrder");
    const row = page.locator(`[data-testid="admin-order-row"][data-order-id="${paid._id}"]`);
    await expect(row).toContainText("OBD-II Diagnostic Scanner");
    await expect(row).toContainText(user.email);
    await expect(row).toContainText("$474.50");
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("Ready to ship");
    await expect(row.getByRole("button", { name: /^Remove Order/ })).toHaveCount(0);
    await screenshotFromTop(page, "manage-all-orders-1280");
    await expectNoAxeViolations(page, "main");

    const toActOn = await listedOrderCount(page);
    await row.getByRole("button", { name: /^ADD/ }).click();
    await expect(toast(page, "Update Order Successfully")).toBeVisible();
    // Shipped leaves the orders to act on: the row and the count change together, without a reload.
    await expect(row).toHaveCount(0);
    await expect(orderCount(page)).toHaveText(`${toActOn - 1} order${toActOn - 1 === 1 ? "" : "s"}`);

    // The status filter narrows the list to one status.
    await page.getByLabel("Show").selectOption("shipped");
    await expect(page).toHaveURL(/status=shipped/);
    await expect(row).toBeVisible();
    await expect
      .poll(async () => [
        ...new Set(
          await page
            .getByTestId("admin-order-row")
            .locator("[data-status]")
            .evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-status"))),
        ),
      ])
      .toEqual(["shipped"]);
    // "To act on", the default, leaves out shipped and cancelled orders.
    await page.getByLabel("Show").selectOption({ label: "To act on" });
    await expect(page).not.toHaveURL(/status=/);
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("admin-order-row").first()).toBeVisible();
    const shownStatuses = await page
      .getByTestId("admin-order-row")
      .locator("[data-status]")
      .evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-status")));
    expect(shownStatuses.filter((status) => status !== "pending" && status !== "paid")).toEqual([]);
    await page.getByLabel("Show").selectOption("");

    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: widths.tablet, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const card = page.locator(`[data-testid="admin-order-card"][data-order-id="${paid._id}"]`);
    await expect(card).toContainText("Shipped");
    await expectNoHorizontalOverflow(page);
    await screenshotFromTop(page, "manage-all-orders-375");

    // The buyer sees it shipped, still paid with its transaction id.
    const shown = await page.request.get(`/api/order/${paid._id}`);
    expect(((await shown.json()) as Order).status).toBe("shipped");
  });
});

/** How many lines the element's text is drawn on. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    // Pieces of text on one line (a <time> or <code> among them) sit at about the same height.
    const middles = [...range.getClientRects()]
      .filter((rect) => rect.width > 0)
      .map((rect) => (rect.top + rect.bottom) / 2)
      .sort((a, b) => a - b);
    return middles.filter((middle, index) => index === 0 || middle - (middles[index - 1] ?? 0) > 4).length;
  });
}

test("on a tablet, My Orders and Manage All Order keep a transaction id and the pay-by line to two lines", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signUpViaApi(page.request, baseURL ?? "", newUser("Tablet Garage"));
  const scanner = await toolNamed(page, "OBD-II Diagnostic Scanner");
  const paid = await placeAndPayViaApi(page.request, baseURL ?? "", scanner);
  const unpaid = await placeViaApi(page.request, baseURL ?? "", scanner, 20);

  await page.setViewportSize({ width: widths.tablet, height: 900 });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  // Whichever layout this width shows: the one the buyer sees.
  const transactionId = page.locator(`[data-order-id="${paid._id}"]:visible`).getByTestId("transaction-id");
  await expect(transactionId).toHaveText(paid.transactionId ?? "");
  const payBy = page.locator(`[data-order-id="${unpaid._id}"]:visible`).getByTestId("pay-by");
  await expect(payBy).toContainText(/^Pay by .+, or the order is released$/);
  expect(await linesOf(transactionId.locator("..")), "Transaction id …").toBeLessThanOrEqual(2);
  expect(await linesOf(payBy), "Pay by …").toBeLessThanOrEqual(2);
  await expectNoHorizontalOverflow(page);
  await screenshotFromTop(page, "my-orders-768");

  await signInAsAdmin(page.request, baseURL ?? "");
  await page.goto("/dashboard/manageAllOrder");
  const order = page.locator(`[data-order-id="${paid._id}"]:visible`);
  await expect(order).toContainText("OBD-II Diagnostic Scanner");
  await expect(order).toContainText("Paid");
  expect(await linesOf(order.getByText(paid.orderEmail)), "the buyer's email").toBeLessThanOrEqual(2);
  await expectNoHorizontalOverflow(page);
  await screenshotFromTop(page, "manage-all-orders-768");
});

test("a 403 on the own-orders call signs the user out and goes to /", async ({ page, baseURL }) => {
  await signUpInPage(page, baseURL);
  await page.route("**/api/order?*", (route) =>
    route.fulfill({ status: 403, json: { error: "You can only see your own orders" } }),
  );
  await page.goto("/dashboard");
  // The dashboard loads, its orders call answers 403, then the sign-out call runs: give it the time.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  const session = await page.request.get("/api/auth/get-session");
  expect(await session.json()).toBeNull();
});

test("the payment page of an order an admin removes meanwhile shows it cancelled, with why, when the buyer pays", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await signUpInPage(page, baseURL, "Late Payer Garage");
  const scanner = await toolNamed(page, "OBD-II Diagnostic Scanner");
  const orderId = await orderThroughForm(page, scanner);
  await myOrderRow(page, orderId).getByRole("link", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
  // The Pay button is enabled once the payment has started at the gateway.
  const form = page.getByRole("form", { name: "Card payment" });
  await expect(form.getByRole("button", { name: /^Pay \$/ })).toBeEnabled();

  // Meanwhile an admin removes the order (its payment is cancelled at the gateway); the page has not reloaded.
  await signInAsAdmin(request, baseURL ?? "");
  const removed = await request.delete(`/api/allOrder/${orderId}`, { headers: { origin: baseURL ?? "" } });
  expect(removed.status(), await removed.text()).toBe(200);

  await payWithCard(page, "4242 4242 4242 4242");

  const cancelled = page.getByRole("region", { name: "This order was cancelled" });
  await expect(cancelled).toBeVisible();
  await expect(cancelled.getByTestId("cancel-reason")).toHaveText("Reason: Removed by an admin");
  await expect(cancelled).toContainText("A cancelled order cannot be paid.");
  await expect(page.getByRole("form", { name: "Card payment" })).toHaveCount(0);
  await expect(page.getByTestId("card-error")).toHaveCount(0);
  await expect(page.getByText("This payment was canceled")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Congrates!Your Payment is completed." })).toHaveCount(0);
  await expectNoAxeViolations(page, "main");
});
