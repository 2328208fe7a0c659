import { descriptionPreview, type Tool } from "../contract/catalog";
import { demoTools } from "../server/demo/demo-data";
import { expectNoSideways } from "./appearance";
import { expectMeasuredContrast } from "./axe";
import { catalog } from "./catalog";
import { expect, type Locator, openInApp, type Page, test } from "./fixtures";
import { screenshot, widths } from "./screenshots";
import { loadWholePageAndImages } from "./scrolling";
import { newUser, signUpViaApi } from "./users";

const bumper = demoTools.find((t) => t.name === "Bumper");
const floorJack = demoTools.find((t) => t.name === "Hydraulic Floor Jack");
// The demo's one sold-out tool (the Alternator).
const soldOut = demoTools.filter((t) => t.available === 0);

function card(page: Page, name: string): Locator {
  return page.getByTestId("tool-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.describe("tools page grid", () => {
  const layouts = [
    { width: widths.phone, columns: 1 },
    { width: widths.tablet, columns: 2 },
    { width: widths.desktop, columns: 3 },
  ];

  for (const { width, columns } of layouts) {
    test(`shows ${columns} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/tools");

      await expect(page.getByRole("heading", { level: 1, name: "Available Car Tools" })).toBeVisible();
      await expect(page.getByText("Order what you need", { exact: true })).toBeVisible();

      const cards = page.getByTestId("tool-card");
      // Other specs may have added tools to the shared test shop: count what the catalog holds now.
      await expect(cards).toHaveCount((await catalog(page)).length);

      const boxes = await cards.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: Math.round(r.x), y: Math.round(r.y), right: r.right };
        }),
      );
      const top = Math.min(...boxes.map((b) => b.y));
      const firstRow = boxes.filter((b) => Math.abs(b.y - top) < 2);
      expect(new Set(firstRow.map((b) => b.x)).size).toBe(columns);
      // Rows are full except perhaps the last one, and nothing spills past the viewport.
      expect(new Set(boxes.map((b) => b.x)).size).toBe(columns);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(width);
      await expectNoSideways(page, width);

      // Pictures reserve their space (no layout shift) and keep the 3:2 shape.
      const img = cards.first().getByRole("img", { name: "Bumper" });
      await expect(img).toHaveAttribute("width", "600");
      await expect(img).toHaveAttribute("height", "400");
      await expect(img).toHaveAttribute("decoding", "async");
      const imgBox = await img.boundingBox();
      expect(imgBox).not.toBeNull();
      if (imgBox) expect(imgBox.width / imgBox.height).toBeCloseTo(1.5, 1);
      await expect(cards.last().getByRole("img")).toHaveAttribute("loading", "lazy");

      await loadWholePageAndImages(page);
      await screenshot(page, `tools-${width}`);
    });
  }
});

test("a card shows the tool's name, description preview, price, stock and minimum", async ({ page }) => {
  expect(bumper).toBeDefined();
  if (!bumper) return;
  await page.goto("/tools");
  const bumperCard = card(page, "Bumper");
  await expect(bumperCard).toHaveCount(1);

  const preview = descriptionPreview(bumper.description);
  expect(preview).toBe("Front bumper cover in imp..");
  expect(preview).toHaveLength(27);
  await expect(bumperCard.getByText(preview, { exact: true })).toBeVisible();
  await expect(bumperCard.getByRole("img", { name: "Bumper" })).toBeVisible();
  await expect(bumperCard).toContainText("Price: $118.50 per piece");
  await expect(bumperCard).toContainText("Available: 860 pieces");
  await expect(bumperCard).toContainText("Minimum order: 10 pieces");
  // Plenty in stock: no stock badge.
  await expect(bumperCard.getByTestId("stock-badge")).toHaveCount(0);

  // Other tools carry their own figures (the formatting is not hard-wired to the first card).
  const pump = card(page, "Injection Pump");
  await expect(pump).toContainText("$879.00 per piece");
  await expect(pump).toContainText("610 pieces");
  // Volume price breaks (issue 26): the lowest a piece can cost.
  await expect(card(page, "Spark Plug")).toContainText("Price: from $4.95 per piece");
});

test("Order Now on an orderable tool opens that tool's page", async ({ page, baseURL }) => {
  const tools = await catalog(page);
  const bumperId = tools.find((t) => t.name === "Bumper")?._id;
  expect(bumperId).toBeTruthy();

  await page.goto("/tools");
  const orderNow = card(page, "Bumper").getByRole("link", { name: "Order Now" });
  await expect(orderNow).toBeEnabled();
  await expect(orderNow).toHaveAttribute("href", `/tools/${bumperId}`);
  await orderNow.click();
  // The tool page is login-required (spec §2): a visitor logs in first and comes back to it.
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/tools/${bumperId}`)}`);

  await signUpViaApi(page.request, baseURL ?? "", newUser());
  await page.goto("/tools");
  await orderNow.click();
  await expect(page).toHaveURL(`/tools/${bumperId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bumper");
});

test("Order Now is a disabled button when fewer than 500 pieces are in stock", async ({ page }) => {
  expect(floorJack?.available).toBeLessThan(500);
  await page.goto("/tools");
  const jack = card(page, "Hydraulic Floor Jack");
  await expect(jack).toContainText("Available: 420 pieces");
  // Some left, but ordering opens at 500: low, not sold out.
  await expect(jack.getByTestId("stock-badge")).toHaveText("Low stock");
  const button = jack.getByRole("button", { name: "Order Now" });
  await expect(button).toBeDisabled();
  await expect(jack.getByRole("link", { name: "Order Now" })).toHaveCount(0);
  await expect(jack).toContainText("Order Now needs available stock of at least 500.");

  // Every tool with enough stock is orderable; the others are not.
  const tools = await catalog(page);
  const orderable = tools.filter((t) => t.available >= 500).length;
  await expect(page.getByRole("link", { name: "Order Now" })).toHaveCount(orderable);
  await expect(page.getByRole("button", { name: "Order Now" })).toHaveCount(tools.length - orderable);
});

test("the tool page of a tool below 500 explains the ordering rule and takes no order", async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.request, baseURL ?? "", newUser());
  const jack = (await catalog(page)).find((t) => t.name === "Hydraulic Floor Jack");
  expect(jack?.available).toBeLessThan(500);
  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/tools/${jack?._id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hydraulic Floor Jack");
    await expect(page.getByRole("status").filter({ hasText: "Order Now needs" })).toContainText(
      "Order Now needs available stock of at least 500. Only 420 pieces are in stock now",
    );
    await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
    await expectNoSideways(page, width);
    if (width === widths.phone) await screenshot(page, "tool-page-closed-375");
  }
});

test("a sold-out tool reads Sold out on its card and its page; Low stock is kept for low stock", async ({
  page,
  baseURL,
}) => {
  expect(soldOut.map((t) => t.name)).toEqual(["Alternator"]);
  await signUpViaApi(page.request, baseURL ?? "", newUser());
  const tools = await catalog(page);
  const alternator = tools.find((t) => t.name === "Alternator");
  expect(alternator?.available).toBe(0);

  for (const width of [widths.phone, widths.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/tools");
    const sold = card(page, "Alternator");
    await expect(sold.getByTestId("stock-badge")).toHaveText("Sold out");
    await expect(sold).toContainText("Available: Sold out");
    await expect(sold).not.toContainText("0 piece");
    await expect(sold).not.toContainText("Low stock");
    await expect(sold.getByRole("button", { name: "Order Now" })).toBeDisabled();

    // Low stock is some stock: the Door is at its low-stock level and still orderable; the Bumper is not low.
    const door = card(page, "Door");
    await expect(door.getByTestId("stock-badge")).toHaveText("Low stock");
    await expect(door).toContainText("Available: 540 pieces");
    await expect(door.getByRole("link", { name: "Order Now" })).toBeVisible();
    await expect(card(page, "Bumper").getByTestId("stock-badge")).toHaveCount(0);
    await expectNoSideways(page, width);

    await page.goto(`/tools/${alternator?._id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alternator");
    await expect(page.getByRole("article", { name: "Alternator" })).toContainText("In stockSold out");
    await expect(page.getByRole("status").filter({ hasText: "Sold out." })).toHaveText(
      "Sold out. Order Now needs available stock of at least 500. Ordering opens again after the next delivery.",
    );
    await expect(page.getByText(/0 pieces? (is|are) in stock/)).toHaveCount(0);
    await expect(page.getByText("From 2 pieces, once back in stock.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
    await expectNoSideways(page, width);
    await screenshot(page, `tool-page-sold-out-${width}`);
  }
});

test("shows a spinner while loading, and a readable error with a working Retry", async ({ page }) => {
  let failing = true;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/service?*", async (route) => {
    await held;
    if (failing) {
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "The catalogue is being restocked. Try again shortly." }),
      });
    } else {
      await route.continue();
    }
  });

  await openInApp(page, "/tools");
  await expect(page.getByRole("status").filter({ hasText: "Loading tools…" })).toBeAttached();
  release();

  const alert = page.getByRole("alert");
  // Server errors are retried twice before the message shows.
  await expect(alert).toContainText("The catalogue is being restocked. Try again shortly.", {
    timeout: 15_000,
  });
  await expect(page.getByTestId("tool-card")).toHaveCount(0);

  failing = false;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("tool-card")).toHaveCount((await catalog(page)).length);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("shows an empty state when there are no tools", async ({ page }) => {
  await page.route("**/api/service?*", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: { "x-total-count": "0" },
      body: "[]",
    }),
  );
  await openInApp(page, "/tools");
  await expect(page.getByRole("heading", { name: "No tools in stock right now" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
});

test("paginates with Previous/Next and ?page= when there are more tools than fit a page", async ({
  page,
}) => {
  // The demo catalogue fits one page: no pagination.
  const onSale = (await catalog(page)).length;
  await page.goto("/tools");
  await expect(page.getByTestId("tool-card")).toHaveCount(onSale);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

  // Pretend the catalogue holds 30 tools: two pages of 24.
  const requested: string[] = [];
  await page.route("**/api/service?*", async (route) => {
    const url = new URL(route.request().url());
    requested.push(url.search);
    const pageNumber = Number(url.searchParams.get("page") ?? "1");
    // The real first page stands in for page 1; page 2 gets six of those tools again.
    url.searchParams.set("page", "1");
    const response = await route.fetch({ url: url.toString() });
    const tools = (await response.json()) as Tool[];
    await route.fulfill({
      status: 200,
      headers: { "x-total-count": "30" },
      json: pageNumber === 1 ? tools : tools.slice(0, 6),
    });
  });
  await openInApp(page, "/tools");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 2");
  await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
  // The greyed-out Previous stays readable (axe measures its contrast).
  await expect(pagination.getByText("Previous")).toBeVisible();
  await expectMeasuredContrast(page, "nav[aria-label='Pagination']", "/tools pagination");

  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/tools\?page=2$/);
  await expect(pagination).toContainText("Page 2 of 2");
  await expect(page.getByTestId("tool-card")).toHaveCount(6);
  await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
  expect(requested).toContain("?page=2&limit=24");

  await pagination.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(pagination).toContainText("Page 1 of 2");
  await expect(page.getByTestId("tool-card")).toHaveCount(onSale);
});
