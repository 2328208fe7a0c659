import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { daysFromNow, payWithCard } from "./card-payment";
import { addToolsViaApi, putInCart, toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { type Browser, expect, type Locator, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { signInAsAdmin, signUpInPage } from "./users";

// Tax and invoices in the browser (issue 28): the shop admin saves the seller's details and a tax
// rate on Invoicing; a buyer orders with Order Now delivered to New York, sees the tax before
// placing, pays by card and downloads the invoice's PDF from My Orders; the admin refunds the order
// and the buyer downloads the credit note; the admin's Invoices page lists both and its CSV has both.
// At a phone's and a desktop's width, with axe.
//
// The test shop is shared with every other spec, whose orders go to the US with no region: the only
// rate saved here is New York's (US + "NY"), so no other spec's order is taxed. The PUT replaces the
// whole list, so every test saving rates saves that same one list, one test at a time.

test.describe.configure({ mode: "serial", timeout: 240_000 });

const added = toolsTakenOffSaleAfterEach(test);
const run = promisify(execFile);

/** New York's sales tax, by the labels of the tax rates form's first row: 8.875 % (8875 thousandths). */
const nyRate = {
  "Rate 1: Country code": "US",
  "Rate 1: Region": "NY",
  "Rate 1: Rate (%)": "8.875",
  "Rate 1: Label": "Sales tax",
};
const nyRateMilli = 8875;
/** The seller's details, by the labels of their form. */
const seller = {
  "Legal name": "Car Mechanic Supplies LLC",
  "Tax ID": "US-31-4159265",
  Address: "1 Garage Road\nSpringfield, IL 62701\nUnited States",
  "Bank details": "Bank: First Garage Bank\nAccount: 000123456789\nRouting: 021000021",
};

/** Fills each field (by its label) of `form` with its value. */
async function fillIn(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
}

/** Each field (by its label) of `form` holds its value. */
async function expectFilled(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await expect(form.getByLabel(label)).toHaveValue(value);
}

/** A line's tax in cents: rounded once, half-up (8.875 % of $59.97 is 532.23 cents: 532). */
const taxCents = (netCents: number) => Math.floor((netCents * nyRateMilli) / 100_000 + 0.5);
/** "$1,234.56" (negative: "-$65.29"). */
const dollars = (cents: number) =>
  `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\$]/g, "\\$&");

/** The text of a downloaded PDF as `pdftotext -layout` lays it out, each run of spaces made one. */
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout.replace(/[ \t]+/g, " ");
}

/** Clicks `link` and answers the path of the file it downloads. */
async function download(page: Page, link: Locator): Promise<{ path: string; name: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { path: await file.path(), name: file.suggestedFilename() };
}

async function looksRight(page: Page, width: number, what: string, name: string) {
  await expectNoSideways(page, width, what);
  await toastsClosed(page);
  await expectNoSeriousAxeViolations(page, `${what} at ${width}px`);
  await screenshotFromTop(page, `${name}-${width}`);
}

/** The shop admin in a browser of their own, at `width`. */
async function adminPage(browser: Browser, baseURL: string, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page.request, baseURL);
  return page;
}

/** The tax per rate under a form's subtotal: "Sales tax 8.875% — $5.32" (its "Tax" term is read out only). */
const taxLine = (form: Locator) => form.getByTestId("tax-line").locator("dd");
/** The same on the payment page. */
const paymentTax = (page: Page) => page.getByTestId("payment-tax").locator("dd");

/** One order in My Orders: the table's row at 1280 px, the card below. */
function myOrder(page: Page, width: number, orderId: string): Locator {
  return page.locator(`[data-testid="order-${width >= 1280 ? "row" : "card"}"][data-order-id="${orderId}"]`);
}

/** One order in Manage All Order: the row at 1280 px, the card below. */
function adminOrder(page: Page, width: number, orderId: string): Locator {
  return page.locator(
    `[data-testid="admin-order-${width >= 1280 ? "row" : "card"}"][data-order-id="${orderId}"]`,
  );
}

/**
 * Invoicing: the seller's details and New York's rate as the only rate, saved in the form as an
 * admin does (the rows there before are removed first, so the list is always the same one rate).
 */
async function saveSellerAndNyRate(page: Page, width: number) {
  // A page of the app: opened directly (a reload, a bookmark) it answers 200, not the not-found 404.
  expect((await page.goto("/dashboard/invoicing"))?.status()).toBe(200);
  // The first dashboard page a browser opens may take a while on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Invoicing" })).toBeVisible({ timeout: 15_000 });

  const sellerForm = page.getByRole("form", { name: "Seller details" });
  await fillIn(sellerForm, seller);
  await sellerForm.getByRole("button", { name: "Save seller details" }).click();
  await expect(page.getByText("Seller details saved", { exact: true })).toBeVisible();

  const ratesForm = page.getByRole("form", { name: "Tax rates" });
  const rows = ratesForm.getByTestId("tax-rate-row");
  while ((await rows.count()) > 0) await ratesForm.getByRole("button", { name: "Remove rate 1" }).click();
  await ratesForm.getByRole("button", { name: "Add a rate" }).click();
  await expect(rows).toHaveCount(1);
  await fillIn(ratesForm, nyRate);
  await ratesForm.getByRole("button", { name: "Save tax rates" }).click();
  await expect(page.getByText("Tax rates saved", { exact: true })).toBeVisible();

  // Saved as sent: the page read again shows the details and the one rate.
  await page.reload();
  await expectFilled(sellerForm, seller);
  await expect(rows).toHaveCount(1);
  await expectFilled(ratesForm, nyRate);
  await looksRight(page, width, "Invoicing with the seller and New York's rate", "invoicing-settings");
}

for (const [label, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`the admin sets up invoicing, a buyer in New York pays with tax and downloads the invoice, the admin refunds it with a credit note and lists both (${label}, ${width}px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const shop = baseURL ?? "";
    const admin = await adminPage(browser, shop, width);

    await test.step("the admin saves the seller details and New York's rate", async () => {
      await saveSellerAndNyRate(admin, width);
    });

    // A tool of the test's own at $19.99, three pieces: $59.97, tax 532.23 cents → $5.32, $65.29 in all.
    const sku = uniqueSku("INV");
    const toolName = `Tax Wrench ${sku.slice(-6)}`;
    const [toolId = ""] = await addToolsViaApi(
      shop,
      [{ name: toolName, sku, minimum: 3, increment: 1, price: 19.99, available: 900 }],
      added,
    );
    const quantity = 3;
    const netCents = 1999 * quantity;
    const lineTax = taxCents(netCents);
    const totalCents = netCents + lineTax;
    expect([netCents, lineTax, totalCents]).toEqual([5997, 532, 6529]);

    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, shop, "Invoice Buyer");
    let orderId = "";
    let invoiceNumber = "";

    await test.step("the buyer sees the tax of a New York delivery before placing the order", async () => {
      await page.goto(`/tools/${toolId}`);
      const form = page.getByRole("form", { name: `Order ${toolName}` });
      await form.getByLabel("Quantity (pieces)").fill(String(quantity));
      await form.getByLabel("Phone").fill("+1 (555) 010-0300");
      await form.getByLabel("Delivery address").fill("30 Rockefeller Plaza, New York, NY 10112");
      await form.getByLabel("Country", { exact: true }).selectOption("US");
      await form.getByLabel("State or region").fill("NY");
      await form.getByLabel("Needed by").fill(daysFromNow(14));
      await expect(form.getByTestId("order-total")).toHaveText(dollars(netCents));
      await expect(taxLine(form)).toHaveText(`Sales tax 8.875% — ${dollars(lineTax)}`);
      await expect(form.getByTestId("order-total-with-tax")).toHaveText(dollars(totalCents));
      await expectNoSideways(page, width, "Order Now with tax");
      await toastsClosed(page);
      await expectNoSeriousAxeViolations(page, `Order Now with New York's tax at ${width}px`);
      await form.scrollIntoViewIfNeeded();
      await screenshotFromTop(page, `invoices-order-now-tax-${width}`);

      await form.getByRole("button", { name: "Place order" }).click();
      await expect(page.getByText("Order Added in Database", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      const newest = page.getByTestId(width >= 1280 ? "order-row" : "order-card").first();
      await expect(newest).toContainText(toolName);
      orderId = (await newest.getAttribute("data-order-id")) ?? "";
      expect(orderId).not.toBe("");
      // Not paid yet: no invoice.
      await expect(newest.getByTestId("invoice-link")).toHaveCount(0);
    });

    await test.step("the buyer pays the total with tax by card", async () => {
      await myOrder(page, width, orderId).getByRole("link", { name: /^Pay/ }).click();
      await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
      await expect(paymentTax(page)).toHaveText(`Sales tax 8.875% — ${dollars(lineTax)}`);
      await expect(page.getByTestId("payment-total")).toHaveText(dollars(totalCents));
      await expect(
        page.getByRole("form", { name: "Card payment" }).getByRole("button", { name: /^Pay \$/ }),
      ).toBeEnabled();
      await looksRight(page, width, "payment with tax", "invoices-payment");
      await payWithCard(page, "4242 4242 4242 4242");
      await expect(page.getByRole("heading", { name: "Congrates!Your Payment is completed." })).toBeVisible();
      await expect(page.getByTestId("receipt")).toContainText(dollars(totalCents));
    });

    await test.step("My Orders shows the tax and the invoice, whose PDF has the line, the tax and the total", async () => {
      await page.getByRole("link", { name: "Back to My Orders" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
      const order = myOrder(page, width, orderId);
      await expect(order).toContainText(dollars(totalCents));
      await expect(order.getByTestId("order-tax")).toHaveText(`incl. ${dollars(lineTax)} tax`);
      const link = order.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ });
      await expect(link).toBeVisible();
      invoiceNumber = ((await link.textContent()) ?? "").replace("Invoice ", "");
      await looksRight(page, width, "My Orders with an invoice", "invoices-my-orders-invoice");

      const pdf = await download(page, link);
      expect(pdf.name).toMatch(/\.pdf$/);
      const text = await pdfText(pdf.path);
      expect(text).toContain(`Invoice ${invoiceNumber}`);
      expect(text).toContain(seller["Legal name"]);
      expect(text).toContain(`Tax ID: ${seller["Tax ID"]}`);
      expect(text).toMatch(
        new RegExp(
          `${literal(toolName)} ${quantity} \\$19\\.99 8\\.875% ${literal(dollars(netCents))} ${literal(dollars(lineTax))}`,
        ),
      );
      expect(text).toContain(`Sales tax 8.875% on ${dollars(netCents)} ${dollars(lineTax)}`);
      expect(text).toMatch(new RegExp(`Total ${literal(dollars(totalCents))}`));
    });

    let creditNoteNumber = "";
    await test.step("the admin refunds the order in Manage All Order", async () => {
      // Every order (not only those to act on): the refunded order stays listed, with its credit note.
      await admin.goto(`/dashboard/manageAllOrder?status=all&q=${encodeURIComponent(orderId)}`);
      await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Manage All Order");
      const order = adminOrder(admin, width, orderId);
      await expect(order).toContainText(dollars(totalCents));
      await expect(order.getByTestId("order-tax")).toHaveText(`incl. ${dollars(lineTax)} tax`);
      await expect(order.getByTestId("invoice-link")).toHaveText(`Invoice ${invoiceNumber}`);
      await toastsClosed(admin);
      await order.getByRole("button", { name: /^Refund/ }).click();
      const dialog = admin.getByRole("dialog", { name: "Refund this order?" });
      await expect(dialog).toContainText(`a credit note will correct invoice ${invoiceNumber}`);
      // No reason, no refund: the dialog says what is missing and stays open.
      await dialog.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Reason for the refund")).toHaveAttribute("aria-invalid", "true");
      await dialog.getByLabel("Reason for the refund").fill("Returned damaged");
      await expectNoSeriousAxeViolations(admin, `the refund dialog at ${width}px`);
      await screenshotFromTop(admin, `invoices-refund-dialog-${width}`);
      await dialog.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(admin.getByText("Order refunded", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      const creditLink = order.getByTestId("credit-note-link");
      await expect(creditLink).toHaveText(/^Credit note CN-\d{4}-\d{6}$/);
      creditNoteNumber = ((await creditLink.textContent()) ?? "").replace("Credit note ", "");
      await looksRight(admin, width, "Manage All Order with a refunded order", "invoices-refunded");
    });

    await test.step("the buyer's My Orders shows the credit note, whose PDF names the invoice", async () => {
      await page.reload();
      const order = myOrder(page, width, orderId);
      const link = order.getByRole("link", { name: `Credit note ${creditNoteNumber}` });
      await expect(link).toBeVisible();
      await expect(order.getByRole("link", { name: `Invoice ${invoiceNumber}` })).toBeVisible();
      await looksRight(page, width, "My Orders with a credit note", "invoices-my-orders-credit-note");
      const text = await pdfText((await download(page, link)).path);
      expect(text).toContain(`Credit note ${creditNoteNumber}`);
      expect(text).toContain(`Credit note for invoice ${invoiceNumber}`);
      expect(text).toContain("Reason: Returned damaged");
      expect(text).toContain(`Sales tax 8.875% on ${dollars(netCents)} ${dollars(lineTax)}`);
      expect(text).toMatch(new RegExp(`Total credited ${literal(dollars(totalCents))}`));
    });

    await test.step("the admin's Invoices page lists the invoice and the credit note, and so does its CSV", async () => {
      expect((await admin.goto("/dashboard/invoices"))?.status()).toBe(200);
      await expect(admin.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
      const documents = admin.getByTestId(width >= 1280 ? "invoice-row" : "invoice-card");
      const creditNote = documents.filter({ hasText: creditNoteNumber });
      await expect(creditNote).toHaveCount(1);
      await expect(creditNote).toContainText("Credit note");
      await expect(creditNote).toContainText(`Corrects ${invoiceNumber} · Returned damaged`);
      await expect(creditNote).toContainText(dollars(-totalCents));
      await expect(creditNote).toContainText(`incl. ${dollars(-lineTax)} tax`);
      const invoice = documents.filter({ hasText: invoiceNumber }).filter({ hasNotText: "Corrects" });
      await expect(invoice).toHaveCount(1);
      await expect(invoice).toContainText(dollars(totalCents));
      await expect(invoice).toContainText(`incl. ${dollars(lineTax)} tax`);
      await expect(invoice.getByRole("link", { name: `PDF of ${invoiceNumber}` })).toBeVisible();
      await looksRight(admin, width, "Invoices with an invoice and its credit note", "invoices-list");

      const csv = await download(admin, admin.getByRole("link", { name: "Download invoices (CSV)" }));
      expect(csv.name).toMatch(/\.csv$/);
      const content = await readFile(csv.path, "utf8");
      const lines = content.split(/\r?\n/);
      expect(lines.filter((l) => l.includes(invoiceNumber) && !l.includes(creditNoteNumber))).toHaveLength(1);
      expect(lines.filter((l) => l.includes(creditNoteNumber))).toHaveLength(1);
    });

    await admin.context().close();
  });
}

for (const width of [widths.phone, widths.desktop]) {
  test(`the checkout of a two-line cart to New York shows the tax per rate, rounded per line, and confirms the total with tax at ${width}px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const shop = baseURL ?? "";
    const admin = await adminPage(browser, shop, width);
    await saveSellerAndNyRate(admin, width);
    await admin.context().close();

    // Two lines of $10.10 each: 89.6375 cents of tax each, $0.90 + $0.90 = $1.80 (on the sum, $1.79).
    const specs = (
      [
        ["Tax Filter", 5, 2.02],
        ["Tax Gasket", 10, 1.01],
      ] as const
    ).map(([prefix, minimum, price]) => {
      const sku = uniqueSku("TAX");
      return { name: `${prefix} ${sku.slice(-6)}`, sku, minimum, increment: 1, price, available: 900 };
    });
    const [filterId = "", gasketId = ""] = await addToolsViaApi(shop, specs, added);
    const lineNet = [202 * 5, 101 * 10];
    const tax = lineNet.map(taxCents).reduce((a, b) => a + b, 0);
    const subtotal = lineNet.reduce((a, b) => a + b, 0);
    expect([subtotal, tax]).toEqual([2020, 180]);

    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, shop, "Checkout Tax Garage");
    await putInCart(page, shop, filterId, 5);
    await putInCart(page, shop, gasketId, 10);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Check out" }).click();
    const form = page.getByRole("form", { name: "Checkout", exact: true });
    await form.getByLabel("Phone").fill("+1 (555) 010-0400");
    await form.getByLabel("Delivery address").fill("1 Main Street, Albany, NY 12207");
    await form.getByLabel("Needed by").fill(daysFromNow(14));
    // In another state, no tax: the rate is New York's alone.
    await form.getByLabel("State or region").fill("NJ");
    await expect(taxLine(form)).toHaveText("No tax — $0.00");
    await expect(form.getByTestId("checkout-total")).toHaveText(dollars(subtotal));
    await form.getByLabel("State or region").fill("ny");
    await expect(form.getByTestId("tax-subtotal")).toHaveText(dollars(subtotal));
    await expect(taxLine(form)).toHaveText(`Sales tax 8.875% — ${dollars(tax)}`);
    await expect(form.getByTestId("checkout-total")).toHaveText(dollars(subtotal + tax));
    await expect(
      form.getByText(`Placing the order confirms this total of ${dollars(subtotal + tax)}, tax included.`),
    ).toBeVisible();
    await looksRight(page, width, "checkout with New York's tax", "invoices-checkout-tax");

    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(paymentTax(page)).toHaveText(`Sales tax 8.875% — ${dollars(tax)}`);
    await expect(page.getByTestId("payment-total")).toHaveText(dollars(subtotal + tax));
  });
}
