// Finding tools on /tools (issue 14): the search box, the sort choice and the "Orderable now"
// switch, kept in the address (shareable, Back works), at phone and desktop widths.
import fs from "node:fs";
import { expectNoSideways } from "./appearance";
import { expect, type Page, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { signInAsAdmin } from "./users";

const cardNames = (page: Page) => page.getByTestId("tool-card").getByRole("heading").allInnerTexts();

for (const [device, width] of [
  ["phone", widths.phone],
  ["desktop", widths.desktop],
] as const) {
  test(`a buyer searches and sorts the tools on a ${device} (${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/tools");

    // A misspelt search still finds the tool, and the address keeps it.
    await page.getByRole("searchbox", { name: "Search tools" }).fill("torqe wrench");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/tools\?q=torqe\+wrench$/);
    await expect(page.getByTestId("tool-card").first().getByRole("heading")).toHaveText("Torque Wrench");
    await expectNoSideways(page, width);
    await screenshotFromTop(page, `catalog-search-${device}`);

    // Sorting keeps the search; the cards come dearest first.
    await page.goto("/tools");
    await page.getByLabel("Sort by").selectOption({ label: "Price, high to low" });
    await expect(page).toHaveURL(/\/tools\?sort=-price$/);
    await expect(page.getByTestId("tool-card").first().getByRole("heading")).toHaveText("Injection Pump");
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(3);

    // Only what can be ordered now: the floor jack (420 in stock) is gone.
    // A click, not check(): the switch shows the address's state, which changes a moment later.
    await page.getByRole("switch", { name: "Orderable now" }).click();
    await expect(page.getByRole("switch", { name: "Orderable now" })).toBeChecked();
    await expect(page).toHaveURL(/\/tools\?sort=-price&orderable=true$/);
    await expect(page.getByRole("heading", { name: "Hydraulic Floor Jack" })).toHaveCount(0);
    await screenshotFromTop(page, `catalog-sort-${device}`);

    // Back undoes one step at a time, and the controls follow the address.
    await page.goBack();
    await expect(page).toHaveURL(/\/tools\?sort=-price$/);
    await expect(page.getByRole("switch", { name: "Orderable now" })).not.toBeChecked();
    await expect(page.getByRole("heading", { name: "Hydraulic Floor Jack" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("");
  });
}

test("a shared search address opens the same results, and an empty one offers to clear it", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.phone, height: 900 });
  await page.goto("/tools?q=spark+plug");
  await expect(page.getByRole("searchbox", { name: "Search tools" })).toHaveValue("spark plug");
  await expect(page.getByTestId("tool-card").first().getByRole("heading")).toHaveText("Spark Plug");

  await page.goto("/tools?q=xylophone");
  await expect(page.getByRole("heading", { name: "No tools match “xylophone”" })).toBeVisible();
  await screenshotFromTop(page, "catalog-search-empty-phone");
  await page.getByRole("link", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByRole("searchbox", { name: "Search tools" })).toHaveValue("");
  await expect(page.getByTestId("tool-card").first()).toBeVisible();
});

test("an admin downloads the catalog and the orders as CSV files", async ({ page, baseURL }) => {
  await signInAsAdmin(page.request, baseURL ?? "");
  const today = new Date().toISOString().slice(0, 10);
  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/manageTools");
    await expect(page.getByText("Import CSV", { exact: true })).toBeVisible();
    await screenshotFromTop(page, `catalog-csv-actions-${width}`);
  }

  const [tools] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(tools.suggestedFilename()).toBe(`tools-${today}.csv`);
  const catalogFile = fs.readFileSync((await tools.path()) ?? "", "utf8");
  expect(catalogFile.split("\n")[0]).toBe(
    "id,sku,name,description,price,available,minimum,maximum,increment,leadTimeDays,lowStockAt,img,priceBreaks",
  );
  expect(catalogFile).toContain("Torque Wrench");

  await page.goto("/dashboard/manageAllOrder?status=all");
  const [orders] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(orders.suggestedFilename()).toBe(`orders-${today}.csv`);
  expect(fs.readFileSync((await orders.path()) ?? "", "utf8").split("\n")[0]).toMatch(
    /^order_id,order_number,placed_at,/,
  );
});
