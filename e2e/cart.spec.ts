import fs from "node:fs";
import { request as requests } from "@playwright/test";
import { formatDollars, lotTotalDollars } from "../contract/money";
import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { toolNamed, toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { expect, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { signInAsAdmin, signUpInPage } from "./users";

// The cart in the browser (issue 25, items 2 and 4): "Add to cart" on the tool page's lot stepper,
// the bar's cart link with its line count, /cart (change, remove, totals) and /quick-order (a pasted
// list, a problem line fixed by its suggestion, the problems as CSV), at a phone's and a desktop's
// width, with axe. Each test signs up a buyer of its own, so carts never meet.

test.describe.configure({ timeout: 90_000 });

/** The tools a test added, taken off sale after it. */
const added = toolsTakenOffSaleAfterEach(test);

/** The bar's cart link and the line count it shows. */
function cartLink(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart/ });
}

for (const width of [widths.phone, widths.desktop]) {
  test(`add to cart, then change and remove the lines on /cart at ${width}px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, baseURL, "Cart Garage");
    const plug = await toolNamed(page, "Spark Plug"); // lots of 100, in steps of 10
    const mirror = await toolNamed(page, "Mirror"); // lots of 10, in steps of 2

    await page.goto(`/tools/${plug._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Spark Plug" })).toBeVisible();
    await expect(cartLink(page)).toBeVisible();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("0 lines");

    // A quantity off the lot grid is refused at the field, before anything is sent.
    const quantity = page.getByLabel("Quantity (pieces)");
    await quantity.fill("105");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Order in steps of 10", { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `tool page with Add to cart at ${width}px`);

    // The stepper's quantity goes in: 100, one step up, 110.
    await quantity.fill("100");
    await page.getByRole("button", { name: "More pieces (10 more)" }).click();
    await expect(quantity).toHaveValue("110");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart", { exact: true })).toBeVisible();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("1 line");
    // Adding a tool already in the cart sets its line's quantity, and says so.
    await page.getByRole("button", { name: "More pieces (10 more)" }).click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Cart updated: 120 pieces of Spark Plug", { exact: true })).toBeVisible();
    await quantity.fill("110");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Cart updated: 110 pieces of Spark Plug", { exact: true })).toBeVisible();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("1 line");
    await screenshotFromTop(page, `cart-tool-page-${width}`);

    await page.goto(`/tools/${mirror._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Mirror" })).toBeVisible();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("2 lines");

    // The cart page's steppers take the lot rules from the lines: no tool is read for them.
    const toolReads: string[] = [];
    page.on("request", (request) => {
      if (/^\/api\/service\/[^/]+$/.test(new URL(request.url()).pathname)) toolReads.push(request.url());
    });
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    const lines = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(lines).toHaveCount(2);
    const plugLine = lines.filter({ hasText: "Spark Plug" });
    const mirrorLine = lines.filter({ hasText: "Mirror" });
    const plugTotal = (n: number) => formatDollars(lotTotalDollars(plug.price, n));
    await expect(plugLine.getByTestId("line-total")).toHaveText(plugTotal(110));
    await expect(page.getByTestId("cart-total")).toHaveText(
      formatDollars(lotTotalDollars(plug.price, 110) + lotTotalDollars(mirror.price, 10)),
    );

    // The stepper changes the line on the server (a PUT each).
    await plugLine.getByRole("button", { name: "More pieces (10 more)" }).click();
    await expect(plugLine.getByLabel("Quantity of Spark Plug (pieces)")).toHaveValue("120");
    await expect(plugLine.getByTestId("line-total")).toHaveText(plugTotal(120));

    // A typed quantity the server refuses shows its rule and the nearest valid one, taken in one click.
    const typed = plugLine.getByLabel("Quantity of Spark Plug (pieces)");
    await typed.fill("125");
    await typed.press("Enter");
    await expect(plugLine.getByText("Order in steps of 10")).toBeVisible();
    await plugLine.getByRole("button", { name: "Use 130" }).click();
    await expect(typed).toHaveValue("130");
    await expect(plugLine.getByTestId("line-total")).toHaveText(plugTotal(130));
    await expect(plugLine.getByText("Order in steps of 10")).toHaveCount(0);
    expect(toolReads).toEqual([]);

    await expectNoSideways(page, width);
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, `cart at ${width}px`);
    await screenshotFromTop(page, `cart-${width}`);

    await mirrorLine.getByRole("button", { name: "Remove Mirror" }).click();
    await expect(lines).toHaveCount(1);
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("1 line");
    await expect(page.getByTestId("cart-total")).toHaveText(plugTotal(130));

    await page.getByRole("button", { name: "Clear cart" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Clear cart" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("0 lines");
    await expectNoSeriousAxeViolations(page, `empty cart at ${width}px`);
    await screenshotFromTop(page, `cart-empty-${width}`);
  });
}

/** Two tools with part numbers, added by the admin: lots of 10 in steps of 10, and of 4 in steps of 2. */
async function toolsWithSkus(baseURL: string): Promise<{ tens: string; pairs: string }> {
  const admin = await requests.newContext({ baseURL });
  await signInAsAdmin(admin, baseURL);
  const tens = uniqueSku("QO");
  const pairs = uniqueSku("QP");
  for (const [sku, name, minimum, increment] of [
    [tens, `Quick Filter ${tens}`, 10, 10],
    [pairs, `Quick Gasket ${pairs}`, 4, 2],
  ] as const) {
    const created = await admin.post("/api/service", {
      headers: { origin: baseURL },
      data: {
        name,
        sku,
        description: "A part for the quick order browser tests.",
        available: 900,
        minimum,
        increment,
        price: 2.5,
        img: "/images/tools/piston.svg",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    added.push(((await created.json()) as { insertedId: string }).insertedId);
  }
  await admin.dispose();
  return { tens, pairs };
}

for (const width of [widths.phone, widths.desktop]) {
  test(`quick order: a pasted list, a problem line fixed by its suggestion at ${width}px`, async ({
    page,
    baseURL,
  }) => {
    const { tens, pairs } = await toolsWithSkus(baseURL ?? "");
    await page.setViewportSize({ width, height: 900 });
    await signUpInPage(page, baseURL, "Quick Garage");

    await page.goto("/quick-order");
    await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `quick order at ${width}px`);

    // A header row, three separators, an unknown SKU and a quantity off its tool's steps (15: 20 is nearest).
    await page.getByLabel("Your list").fill(`SKU,quantity\n${pairs};6\n${uniqueSku("NOPE")} 5\n${tens}\t15`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 line went into your cart." })).toBeVisible();
    const rows = page.getByTestId("problem-line");
    await expect(rows).toHaveCount(2);
    const offStep = rows.filter({ hasText: tens });
    await expect(offStep).toContainText("Line 4");
    await expect(offStep).toContainText("Order in steps of 10");
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("1 line");
    await expectNoSideways(page, width);
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, `quick order with problems at ${width}px`);
    await screenshotFromTop(page, `quick-order-problems-${width}`);

    // The problems as a CSV file, with the lines' numbers in the list as pasted.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download problems as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("quick-order-problems.csv");
    const csv = fs
      .readFileSync((await download.path()) ?? "", "utf8")
      .trim()
      .split("\n");
    expect(csv[0]).toBe("line,sku,quantity,problem,suggested quantity");
    expect(csv).toContain(`4,${tens},15,Order in steps of 10,20`);

    // One click takes the suggested quantity: the line goes in and leaves the problems.
    await offStep.getByRole("button", { name: /^Use 20/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: "2 lines went into your cart." })).toBeVisible();
    await expect(cartLink(page).getByTestId("cart-count")).toHaveText("2 lines");
    await screenshotFromTop(page, `quick-order-fixed-${width}`);

    // A CSV file (a spreadsheet's: BOM, semicolons) goes the same way; the gasket gets 2 more.
    await page.getByLabel("Or upload a CSV file").setInputFiles({
      name: "list.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFFSKU;Quantity\r\n${pairs};2\r\n`, "utf8"),
    });
    await page.getByRole("button", { name: "Upload list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 line went into your cart." })).toBeVisible();
    await expect(page.getByText("Every line is in.")).toBeVisible();

    await page.getByRole("link", { name: "Go to your cart" }).click();
    await expect(page.getByRole("heading", { level: 2, name: `Quick Filter ${tens}` })).toBeVisible();
    await expect(page.getByLabel(`Quantity of Quick Filter ${tens} (pieces)`)).toHaveValue("20");
    await expect(page.getByLabel(`Quantity of Quick Gasket ${pairs} (pieces)`)).toHaveValue("8");
  });
}
