import { request as requests } from "@playwright/test";
import type { Tool } from "../contract/catalog";
import { consoleProblems, expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { daysFromNow } from "./card-payment";
import { toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { expect, type Locator, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { photoFile } from "./test-images";
import { signInAsAdmin, signUpInPage } from "./users";

// Volume price breaks in the browser (issue 26): the card's "from", the tool page's table of breaks
// with the price a piece the quantity pays and what the next lot saves while the buyer steps, the
// order charged at its break, and the admin's break editor refusing a list at the break's field and
// saving one. At a phone's and a desktop's width, with axe.

test.describe.configure({ timeout: 90_000 });

const added = toolsTakenOffSaleAfterEach(test);

/** Lots of 100 in steps of 100 up to 6,000 a order: $6.40, 500+ $5.90, 2,000+ $5.40, 5,000+ $4.95. */
async function toolWithBreaks(baseURL: string): Promise<Tool> {
  const admin = await requests.newContext({ baseURL });
  await signInAsAdmin(admin, baseURL);
  const sku = uniqueSku("PB");
  const created = await admin.post("/api/service", {
    headers: { origin: baseURL },
    data: {
      name: `Spark Plug Box ${sku}`,
      sku,
      description: "Iridium spark plugs, sold by the box for the volume price break tests.",
      available: 20_000,
      minimum: 100,
      increment: 100,
      maximum: 6000,
      price: 6.4,
      img: "/images/tools/piston.svg",
      priceBreaks: [
        { minQuantity: 500, price: 5.9 },
        { minQuantity: 2000, price: 5.4 },
        { minQuantity: 5000, price: 4.95 },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };
  added.push(insertedId);
  const tool = (await (await admin.get(`/api/service/${insertedId}`)).json()) as Tool;
  await admin.dispose();
  return tool;
}

/** The quantity, the total, the marked row of the table and the hint under the total. */
async function expectLot(
  form: Locator,
  lot: { quantity: string; total: string; row: string; hint: string },
): Promise<void> {
  await expect(form.getByLabel("Quantity (pieces)")).toHaveValue(lot.quantity);
  await expect(form.getByTestId("order-total")).toHaveText(lot.total);
  await expect(form.getByTestId("price-breaks").locator('tr[aria-current="true"]')).toHaveText(lot.row);
  await expect(form.getByTestId("price-break-hint")).toHaveText(lot.hint);
}

for (const width of [widths.phone, widths.desktop]) {
  test(`the card says "from", the tool page shows the breaks and what the next lot saves at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    const tool = await toolWithBreaks(baseURL ?? "");
    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, baseURL, "Volume Garage");

    // The card, server-rendered and hydrated without a mismatch.
    const problems = consoleProblems(page);
    await page.goto("/tools");
    const card = page.getByTestId("tool-card").filter({ hasText: tool.name });
    await expect(card).toContainText("Price: from $4.95 per piece");
    expect(problems).toEqual([]);

    await page.goto(`/tools/${tool._id}`);
    await expect(page.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "$6.40" })).toContainText(
      "down to $4.95 by the lot",
    );
    const form = page.getByRole("form", { name: `Order ${tool.name}` });
    const table = form.getByRole("table", { name: /^Volume prices/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveText([
      "PiecesPrice a piece",
      /^100\+.*\$6\.40$/,
      "500+$5.90",
      "2,000+$5.40",
      "5,000+$4.95",
    ]);

    // Each step: how the buyer gets there ("+" clicks of More pieces, or the quantity typed), then
    // the quantity, the total, the table's marked row and the hint.
    const more = form.getByRole("button", { name: /^More pieces/ });
    const aPiece = (price: string, next = "") => `${price} a piece at this quantity.${next && ` ${next}.`}`;
    for (const [move, quantity, total, row, hint] of [
      [0, "100", "$640.00", "100+your price$6.40", aPiece("$6.40", "Add 400 to pay $5.90 a piece")],
      [4, "500", "$2,950.00", "500+your price$5.90", aPiece("$5.90", "Add 1,500 to pay $5.40 a piece")],
      ["1900", "1900", "$11,210.00", "500+your price$5.90", aPiece("$5.90", "Add 100 to pay $5.40 a piece")],
      // One more lot costs less than the lot before it: the break's price on every piece.
      [1, "2000", "$10,800.00", "2,000+your price$5.40", aPiece("$5.40", "Add 3,000 to pay $4.95 a piece")],
    ] as const) {
      if (typeof move === "string") await form.getByLabel("Quantity (pieces)").fill(move);
      else for (let i = 0; i < move; i++) await more.click();
      await expectLot(form, { quantity, total, row, hint });
    }
    await expectNoSideways(page, width);
    await screenshotFromTop(page, `price-breaks-tool-${width}`);
    await expectNoSeriousAxeViolations(page, `the tool page with price breaks at ${width}px`);

    // Past the last break: its price, and no hint of another.
    await form.getByLabel("Quantity (pieces)").fill("5000");
    await expectLot(form, {
      quantity: "5000",
      total: "$24,750.00",
      row: "5,000+your price$4.95",
      hint: aPiece("$4.95"),
    });
    // A quantity the shop refuses: its rule, no price marked.
    await form.getByLabel("Quantity (pieces)").fill("2050");
    await expect(form.getByTestId("order-total")).toHaveText("Order in steps of 100 to see the total");
    await expect(form.getByTestId("price-breaks").locator('tr[aria-current="true"]')).toHaveCount(0);
    await expect(form.getByTestId("price-break-hint")).toHaveCount(0);

    // Ordered at 2,000: My Orders shows the break's price the server charged.
    await form.getByLabel("Quantity (pieces)").fill("2000");
    await form.getByLabel("Phone").fill("+1 (555) 010-0100");
    await form.getByLabel("Delivery address").fill("12 Garage Lane, Springfield");
    await form.getByLabel("Needed by").fill(daysFromNow(14));
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
    const order = page.getByTestId(width >= widths.desktop ? "order-row" : "order-card").first();
    await expect(order).toContainText(tool.name);
    await expect(order).toContainText("$10,800.00");
    await expect(order).toContainText("$5.40");
  });
}

/** The fields of break `n` (1-based) of the admin's form. */
function breakFields(form: Locator, n: number) {
  return {
    from: form.getByLabel(`Break ${n}: From (pieces)`, { exact: true }),
    price: form.getByLabel(`Break ${n}: Price a piece`, { exact: true }),
  };
}

/** The field shows `message` as its description, in its invalid state. */
async function expectRefused(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

for (const width of [widths.phone, widths.desktop]) {
  test(`the admin's break editor refuses a list at the break's field and saves one at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/addTools");
    const form = page.getByRole("form", { name: "Add a tool" });
    const name = `Brake Pad Set ${uniqueSku("PB")}`;
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Description").fill("Ceramic brake pads by the set, with volume prices.");
    await form.getByLabel("Available", { exact: true }).fill("5000");
    await form.getByLabel("Minimum", { exact: true }).fill("20");
    await form.getByLabel("Price", { exact: true }).fill("12.50");
    await form.getByLabel("Photo", { exact: true }).setInputFiles(photoFile("pads.png"));
    await expect(page.getByText("Photo uploaded")).toBeVisible();

    const add = form.getByRole("button", { name: "Add a price break" });
    await add.click();
    const first = breakFields(form, 1);
    await expect(first.from).toBeFocused();
    await first.from.fill("100");
    await first.price.fill("11.90");
    await add.click();
    const second = breakFields(form, 2);
    await second.from.fill("50");
    await second.price.fill("10.75");

    // Refused before anything is sent, at the break's field, with the API's message.
    await form.getByRole("button", { name: "Add Tool" }).click();
    const quantityRule = "Price break 2: the quantity must be more than break 1's (100 pieces)";
    await expect(form.getByText(quantityRule, { exact: true })).toBeVisible();
    await expectRefused(second.from, quantityRule);
    await expect(second.from).toBeFocused();
    await expectNoSideways(page, width);
    await screenshotFromTop(page, `price-breaks-editor-refused-${width}`);
    await expectNoSeriousAxeViolations(page, `the break editor with a refused break at ${width}px`);

    await second.from.fill("500");
    await second.price.fill("11.90");
    await form.getByRole("button", { name: "Add Tool" }).click();
    const priceRule = "Price break 2: the price must be lower than break 1's ($11.90)";
    await expectRefused(second.price, priceRule);

    // A third break, then taken off again.
    await add.click();
    await expect(breakFields(form, 3).from).toBeVisible();
    await form.getByRole("button", { name: "Remove break 3" }).click();
    await expect(breakFields(form, 3).from).toHaveCount(0);

    await second.price.fill("10.75");
    const posted = page.waitForResponse(
      (r) => r.url().endsWith("/api/service") && r.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Add Tool" }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      priceBreaks: [
        { minQuantity: 100, price: 11.9 },
        { minQuantity: 500, price: 10.75 },
      ],
    });
    const { insertedId } = (await response.json()) as { insertedId: string };
    added.push(insertedId);
    await expect(page.getByText("Tools Added in Database", { exact: true })).toBeVisible();
    await expect(breakFields(form, 1).from).toHaveCount(0);
    await toastsClosed(page);

    // The edit form holds the breaks; a new tool price above a break is refused at that break.
    await page.goto(`/dashboard/manageTools/${insertedId}`);
    const edit = page.getByRole("form", { name: `Edit ${name}` });
    await expect(breakFields(edit, 1).from).toHaveValue("100");
    await expect(breakFields(edit, 2).price).toHaveValue("10.75");
    await edit.getByLabel("Price", { exact: true }).fill("11.50");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expectRefused(
      breakFields(edit, 1).price,
      "Price break 1: the price must be lower than the tool's price ($11.50)",
    );
    await edit.getByRole("button", { name: "Remove break 1" }).click();
    const patched = page.waitForRequest(
      (r) => r.url().endsWith(`/api/service/${insertedId}`) && r.method() === "PATCH",
    );
    await edit.getByRole("button", { name: "Save changes" }).click();
    expect((await patched).postDataJSON()).toMatchObject({
      price: 11.5,
      priceBreaks: [{ minQuantity: 500, price: 10.75 }],
    });
    await expect(page.getByText("Tool updated")).toBeVisible();
    await expect(breakFields(edit, 1).from).toHaveValue("500");
    await toastsClosed(page);
    await screenshotFromTop(page, `price-breaks-editor-saved-${width}`);
    await expectNoSeriousAxeViolations(page, `the edit form with its breaks at ${width}px`);
    const saved = (await (await page.request.get(`/api/service/${insertedId}`)).json()) as Tool;
    expect(saved).toMatchObject({ price: 11.5, priceBreaks: [{ minQuantity: 500, price: 10.75 }] });
  });
}
