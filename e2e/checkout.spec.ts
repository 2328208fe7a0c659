import { type APIRequestContext, request as requests } from "@playwright/test";
import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { daysFromNow, payWithCard } from "./card-payment";
import { addToolsViaApi, putInCart, toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { expect, type Locator, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { signInAsAdmin, signUpInPage } from "./users";

// Checking the cart out in the browser (issue 25, items 3, 5 and 6): two tools in the cart, the
// checkout on /cart with the total to confirm, one order of two lines paid once with 4242, My Orders
// showing its lines, and "Order again" putting them back in the cart with what changed. At a phone's
// and a desktop's width, with axe. The tools are the test's own (unique SKUs), so no other spec's
// stock moves; each test signs up a buyer of its own.

test.describe.configure({ timeout: 120_000 });

/** The tools a test added, taken off sale after it. */
const added = toolsTakenOffSaleAfterEach(test);

type NewTool = { id: string; name: string; sku: string; price: number };

async function adminContext(baseURL: string): Promise<APIRequestContext> {
  const admin = await requests.newContext({ baseURL });
  await signInAsAdmin(admin, baseURL);
  return admin;
}

/** Two tools of the test's own: a filter in lots of 10 at $2.50 and a gasket in lots of 4 at $1.25. */
async function twoTools(baseURL: string): Promise<[NewTool, NewTool]> {
  const specs = (
    [
      ["Checkout Filter", 10, 2.5],
      ["Checkout Gasket", 4, 1.25],
    ] as const
  ).map(([prefix, minimum, price]) => {
    const sku = uniqueSku("CO");
    return { name: `${prefix} ${sku}`, sku, minimum, increment: 2, price, available: 900 };
  });
  const ids = await addToolsViaApi(baseURL, specs, added);
  const [filter, gasket] = specs.map(({ name, sku, price }, i) => ({ id: ids[i] ?? "", name, sku, price }));
  if (!filter || !gasket) throw new Error("twoTools: two tools were not added");
  return [filter, gasket];
}

/** The admin changes a tool's price. */
async function setPrice(baseURL: string, tool: NewTool, price: number): Promise<void> {
  const admin = await adminContext(baseURL);
  const changed = await admin.patch(`/api/service/${tool.id}`, {
    headers: { origin: baseURL },
    data: { price },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await admin.dispose();
}

/** The newest order in My Orders: the table's row at 1280 px, the card below. */
function newestOrder(page: Page, width: number): Locator {
  return page.getByTestId(width >= 1280 ? "order-row" : "order-card").first();
}

for (const width of [widths.phone, widths.desktop]) {
  test(`check out a cart of two tools, pay once with 4242, see one order of two lines, order again at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const [filter, gasket] = await twoTools(base);
    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, base, "Checkout Garage");
    await putInCart(page, base, filter.id, 20);
    await putInCart(page, base, gasket.id, 8);
    const total = `$${(filter.price * 20 + gasket.price * 8).toFixed(2)}`; // $60.00

    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText(total);

    // Check out: the form comes with the cart's total to confirm.
    await page.getByRole("button", { name: "Check out" }).click();
    const form = page.getByRole("form", { name: "Checkout", exact: true });
    await expect(form.getByTestId("checkout-total")).toHaveText(total);
    await expect(form).toContainText("(2 lines)");

    // The order form's rules: nothing is sent while a field is missing.
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByText("Phone Number Required")).toBeVisible();
    await expect(form.getByText("Address is Required")).toBeVisible();

    await form.getByLabel("Phone").fill("+1 (555) 010-0100");
    await form.getByLabel("Delivery address").fill("12 Garage Lane, Springfield");
    await form.getByLabel("Needed by").fill(daysFromNow(14));
    await expect(
      form.getByText(`Placing the order confirms this total of ${total}, tax included.`),
    ).toBeVisible();
    await expectNoSideways(page, width);
    await expectNoSeriousAxeViolations(page, `checkout at ${width}px`);
    await screenshotFromTop(page, `checkout-${width}`);

    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText("Order Added in Database", { exact: true })).toBeVisible();

    // One payment for the whole order: its total, and its two lines.
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
    await expect(page.getByTestId("payment-total")).toHaveText(total);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary.getByTestId("order-line-count")).toHaveText("2 lines");
    await expect(summary.getByTestId("order-line")).toHaveCount(2);
    await expect(summary).toContainText(filter.name);
    await expect(summary).toContainText(gasket.name);
    await expectNoSideways(page, width);
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, `payment of a two-line order at ${width}px`);
    await screenshotFromTop(page, `checkout-payment-${width}`);

    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Congrates!Your Payment is completed." })).toBeVisible();
    await expect(page.getByTestId("receipt")).toContainText(total);

    // The cart is empty now, and My Orders has the one order with both lines, paid.
    await page.getByRole("link", { name: "Back to My Orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    const order = newestOrder(page, width);
    await expect(order.getByTestId("order-line-count")).toHaveText("2 lines");
    await expect(order.getByTestId("order-line")).toHaveCount(2);
    await expect(order).toContainText(filter.name);
    await expect(order).toContainText(gasket.name);
    await expect(order).toContainText(total);
    await expect(order).toContainText("Paid");
    await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
    await expectNoSideways(page, width);
    await expectNoSeriousAxeViolations(page, `My Orders with a two-line order at ${width}px`);
    await screenshotFromTop(page, `checkout-my-orders-${width}`);

    // The gasket costs more since: Order again puts both lines back at today's prices and says so.
    await setPrice(base, gasket, 1.5);
    await order.getByRole("button", { name: /^Order again/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const notice = page.getByTestId("reorder-notice");
    await expect(notice).toContainText("are in your cart");
    await expect(notice.getByTestId("reorder-change")).toHaveText([
      `${gasket.name}: Price changed from $1.25 to $1.50`,
    ]);
    const lines = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(lines).toHaveCount(2);
    await expect(page.getByTestId("cart-total")).toHaveText(`$${(filter.price * 20 + 1.5 * 8).toFixed(2)}`);
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, `cart after Order again at ${width}px`);
    await screenshotFromTop(page, `checkout-order-again-${width}`);
  });
}

test("a price changed since the line went in is shown as changed and taken only when accepted", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const [filter, gasket] = await twoTools(base);
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await signUpInPage(page, base, "Price Garage");
  await putInCart(page, base, filter.id, 20);
  await putInCart(page, base, gasket.id, 8);

  await setPrice(base, filter, 3);

  await page.goto("/cart");
  await page.getByRole("button", { name: "Check out" }).click();
  const form = page.getByRole("form", { name: "Checkout", exact: true });
  const change = form.getByTestId("price-change");
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(filter.name);
  await expect(change).toContainText("Price changed");
  await expect(change).toContainText("was $2.50, now $3.00 a piece");
  // Until accepted, the line is not ordered at a price the buyer never saw.
  await expect(form.getByRole("button", { name: "Place order" })).toBeDisabled();
  await expectNoSeriousAxeViolations(page, "checkout with a changed price");
  await screenshotFromTop(page, "checkout-price-changed-1280");

  await form.getByRole("button", { name: "Accept new prices" }).click();
  await expect(change).toContainText("(accepted)");
  const total = `$${(3 * 20 + gasket.price * 8).toFixed(2)}`; // $70.00
  await expect(form.getByTestId("checkout-total")).toHaveText(total);
  await expect(form.getByRole("button", { name: "Place order" })).toBeEnabled();

  await form.getByLabel("Phone").fill("+1 (555) 010-0100");
  await form.getByLabel("Delivery address").fill("12 Garage Lane, Springfield");
  await form.getByLabel("Needed by").fill(daysFromNow(14));
  await form.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByTestId("payment-total")).toHaveText(total);
});

for (const width of [widths.phone, widths.desktop]) {
  test(`Manage All Order shows a checked-out order's lines at ${width}px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    const [filter, gasket] = await twoTools(base);
    const buyer = await browser.newPage();
    await signUpInPage(buyer, base, "Admin View Garage");
    await putInCart(buyer, base, filter.id, 20);
    await putInCart(buyer, base, gasket.id, 8);
    const placed = await buyer.request.post("/api/checkout", {
      headers: { origin: base, "idempotency-key": uniqueSku("checkout") },
      data: {
        orderPhone: "+1 555 010 0100",
        orderAddress: "12 Garage Lane, Springfield",
        orderDate: daysFromNow(14),
        confirmedTotal: 60,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await buyer.close();

    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page.request, base);
    await page.goto(`/dashboard/manageAllOrder?q=${encodeURIComponent(gasket.name)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage All Order");
    const order = page.getByTestId(width >= 1280 ? "admin-order-row" : "admin-order-card").first();
    await expect(order.getByTestId("order-line-count")).toHaveText("2 lines");
    await expect(order.getByTestId("order-line")).toHaveCount(2);
    await expect(order).toContainText("$60.00");
    await expectNoSideways(page, width);
    await expectNoSeriousAxeViolations(page, `Manage All Order with a two-line order at ${width}px`);
    await screenshotFromTop(page, `checkout-manage-all-order-${width}`);
  });
}
