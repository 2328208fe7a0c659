import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { Webhook } from "standardwebhooks";
import { tokenMessages, tokenScopeLabels } from "../contract/api-tokens";
import type { Order } from "../contract/orders";
import { webhookEventLabels, webhookMessages } from "../contract/webhooks";
import { expectNoSideways, toastsClosed } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { daysFromNow, payViaApi } from "./card-payment";
import { addToolsViaApi, toolsTakenOffSaleAfterEach, uniqueSku } from "./catalog";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./fixtures";
import { screenshotFromTop, screenshotPart, widths } from "./screenshots";
import { newUser, signInAsAdmin, signUpInPage, signUpViaApi } from "./users";

// The shop as an API (issue 29) in the browser: a buyer's access token made in Account settings and
// used without a cookie, an admin's webhook endpoint receiving signed events on a receiver of the
// test's own (the e2e shop runs with WEBHOOK_ALLOW_PRIVATE=true), and the API reference at /api/docs.

/** Waits for what a request to the server brings: the shared test machine can be slow. */
const afterRequest = { timeout: 30_000 };

const added = toolsTakenOffSaleAfterEach(test);

function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true });
}

/**
 * The page at both widths: nothing wider than the screen, a screenshot each (from the top: scrolled,
 * the sticky header would be drawn mid-page) and one of `part` as it is drawn; back at 1280 after.
 */
async function atBothWidths(page: Page, name: string, part: Locator): Promise<void> {
  for (const [suffix, width] of [
    ["375", widths.phone],
    ["1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSideways(page, width, `${name} at ${width} px`);
    await screenshotFromTop(page, `${name}-${suffix}`);
    await screenshotPart(part, `${name}-part-${suffix}`);
  }
}

test("a buyer makes an access token, uses it without a cookie, sees its last use and revokes it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpInPage(page, baseURL, "Token Buyer");
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Access tokens" });
  await expect(card.getByText("No access tokens yet.")).toBeVisible();

  const name = `Stock software ${uniqueSku("t")}`;
  const form = card.getByRole("form", { name: "New access token" });
  await form.getByLabel("Name").fill(name);
  for (const scope of ["orders:read", "orders:write", "catalog:read"] as const) {
    await form.getByRole("checkbox", { name: `${tokenScopeLabels[scope]} ${scope}` }).check();
  }
  await expect(form.getByLabel("Expires in (days)")).toHaveValue("90");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(toast(page, tokenMessages.created)).toBeVisible(afterRequest);

  // Shown once: a read-only field with the token, Copy and Done.
  const field = card.getByRole("textbox", { name: `Your new token "${name}"` });
  await expect(field).toHaveValue(/^cmt_\S{20,}$/);
  const token = await field.inputValue();
  await card.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(card.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await toastsClosed(page);
  await expectNoSeriousAxeViolations(page, "Account settings with a new token shown once");
  await atBothWidths(page, "api-token-shown-once", card);

  await card.getByRole("button", { name: "Done", exact: true }).click();
  await expect(field).toHaveCount(0);
  expect(await page.content(), "the token is gone from the page").not.toContain(token);
  const listed = card.getByTestId("access-token").filter({ hasText: name });
  await expect(listed).toContainText("Never used");
  await expect(listed).toContainText(tokenScopeLabels["orders:write"]);
  await expect(listed).toContainText(token.slice(0, 8));

  // The token alone, no cookie: the buyer's orders.
  const bearer = { authorization: `Bearer ${token}` };
  const orders = await fetch(`${baseURL}/api/order`, { headers: bearer });
  expect(orders.status, await orders.clone().text()).toBe(200);
  expect(Array.isArray(await orders.json())).toBe(true);

  await page.reload();
  await expect(listed).toBeVisible();
  await expect(listed).not.toContainText("Never used");
  await expect(listed.locator("dd").last()).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?[AP]M/);
  await expectNoSeriousAxeViolations(page, "Account settings with a used token");
  await atBothWidths(page, "api-token-listed", card);

  // Revoke asks first; the token then stops working at once.
  await listed.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke "${name}"?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(toast(page, tokenMessages.revoked)).toBeVisible(afterRequest);
  await expect(listed).toHaveCount(0);
  await expect(card.getByText("No access tokens yet.")).toBeVisible();
  const revoked = await fetch(`${baseURL}/api/order`, { headers: bearer });
  expect(revoked.status).toBe(401);
  expect(await revoked.json()).toEqual({ error: tokenMessages.invalid });
});

/** One request the receiver was sent, as it came. */
type Receipt = { path: string; headers: Record<string, string>; body: string; answered: number };

/** A webhook receiver on 127.0.0.1: records each request; answers 500 while `failing` > 0 (counting down). */
async function startReceiver() {
  const receipts: Receipt[] = [];
  const state = { failing: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answered = state.failing > 0 ? 500 : 200;
      if (state.failing > 0) state.failing -= 1;
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers[key] = value;
      }
      receipts.push({
        path: request.url ?? "",
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
      });
      response.writeHead(answered, { "content-type": "text/plain" }).end(answered === 200 ? "ok" : "broken");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    receipts,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Delivered = { type: string; timestamp: string; data: { id: string; status: string } };

/** The receipts of `event` about one order, each checked against the endpoint's secret. */
function eventsAbout(receipts: Receipt[], secret: string, event: string, orderId: string) {
  const webhook = new Webhook(secret);
  return receipts
    .map((r) => ({ receipt: r, payload: webhook.verify(r.body, r.headers) as Delivered }))
    .filter((r) => r.payload.type === event && r.payload.data.id === orderId);
}

/** Places an order of ten pieces (the lot) of `toolId` through the API as the signed-in user of `request`. */
async function placeOrder(request: APIRequestContext, baseURL: string, toolId: string): Promise<Order> {
  const placed = await request.post("/api/order", {
    headers: { origin: baseURL },
    data: {
      orderId: toolId,
      orderMinimum: 10,
      orderPhone: "+1 555 010 0177",
      orderAddress: "3 Webhook Way, Springfield",
      orderDate: daysFromNow(14),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: Order }).order;
}

test("an admin's webhook endpoint gets signed order events, lists its deliveries and sends one again", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const shop = baseURL ?? "";
  const receiver = await startReceiver();
  let endpointId: string | undefined;
  try {
    const sku = uniqueSku("WH");
    const [toolId = ""] = await addToolsViaApi(
      shop,
      [{ name: `Webhook Gasket ${sku}`, sku, minimum: 10, increment: 10, price: 1.25, available: 5000 }],
      added,
    );

    await signInAsAdmin(page.request, shop);
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    const url = `${receiver.url}/hooks/${sku.toLowerCase()}`;
    const form = page.getByRole("form", { name: "Add endpoint" });
    await form.getByLabel("URL").fill(url);
    await form.getByRole("checkbox", { name: `${webhookEventLabels["order.placed"]} order.placed` }).check();
    await form
      .getByRole("checkbox", { name: `${webhookEventLabels["order.shipped"]} order.shipped` })
      .check();
    await form.getByLabel("Description (optional)").fill(`Browser test ${sku}`);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(toast(page, webhookMessages.created)).toBeVisible(afterRequest);
    const secretField = page.getByRole("textbox", { name: `Signing secret for ${url}` });
    await expect(secretField).toHaveValue(/^whsec_\S+$/);
    const secret = await secretField.inputValue();
    await toastsClosed(page);
    await atBothWidths(
      page,
      "webhooks-secret-shown-once",
      page.getByRole("region", { name: "Add endpoint" }),
    );
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await expect(secretField).toHaveCount(0);

    const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await expect(endpoint).toContainText("On");
    await expect(endpoint).toContainText("order.placed");
    await expect(endpoint).toContainText("order.shipped");
    const deliveriesLink = endpoint.getByRole("link", { name: "Deliveries" });
    endpointId =
      new URL(`${shop}${await deliveriesLink.getAttribute("href")}`).searchParams.get("endpoint") ?? "";
    expect(endpointId).toMatch(/^[0-9a-f-]{36}$/);

    // The buyer places and pays an order: the receiver gets order.placed, signed.
    const buyer = await browser.newContext({ baseURL: shop });
    await signUpViaApi(buyer.request, shop, newUser("Webhook Buyer"));
    const order = await placeOrder(buyer.request, shop, toolId);
    await payViaApi(buyer.request, shop, order._id);
    await expect
      .poll(() => eventsAbout(receiver.receipts, secret, "order.placed", order._id).length, afterRequest)
      .toBe(1);
    const [placed] = eventsAbout(receiver.receipts, secret, "order.placed", order._id);
    expect(placed?.receipt.path).toBe(`/hooks/${sku.toLowerCase()}`);
    expect(placed?.receipt.headers["webhook-id"]).toMatch(/^msg_/);

    // The admin ships it in Manage All Order: order.shipped follows.
    await page.goto("/dashboard/manageAllOrder");
    const row = page.locator(`[data-testid="admin-order-row"][data-order-id="${order._id}"]`);
    await expect(row).toContainText("Ready to ship");
    await row.getByRole("button", { name: /^ADD/ }).click();
    await expect(toast(page, "Update Order Successfully")).toBeVisible(afterRequest);
    await expect
      .poll(() => eventsAbout(receiver.receipts, secret, "order.shipped", order._id).length, afterRequest)
      .toBe(1);
    const [shipped] = eventsAbout(receiver.receipts, secret, "order.shipped", order._id);
    expect(shipped?.payload.data.status.toLowerCase()).toContain("shipped");

    // The endpoint's deliveries: both delivered, HTTP 200.
    await page.goto("/dashboard/webhooks");
    await page
      .getByTestId("webhook-endpoint")
      .filter({ hasText: url })
      .getByRole("link", { name: "Deliveries" })
      .click();
    await expect(page).toHaveURL(new RegExp(`endpoint=${endpointId}`));
    const rows = page.getByTestId("webhook-delivery");
    await expect(rows).toHaveCount(2, afterRequest);
    for (const event of ["order.placed", "order.shipped"]) {
      const delivery = rows.filter({ hasText: event });
      await expect(delivery).toContainText("Delivered");
      await expect(delivery).toContainText("HTTP 200");
    }

    // The receiver fails once: the next order's delivery waits with HTTP 500 until Send again.
    receiver.state.failing = 1;
    const second = await placeOrder(buyer.request, shop, toolId);
    await buyer.close();
    await expect.poll(() => receiver.receipts.filter((r) => r.answered === 500).length, afterRequest).toBe(1);
    const failed = receiver.receipts.find((r) => r.answered === 500);
    const messageId = failed?.headers["webhook-id"] ?? "";
    expect(eventsAbout([failed as Receipt], secret, "order.placed", second._id)).toHaveLength(1);
    const failedRow = rows.filter({ has: page.getByRole("button", { name: `Send again ${messageId}` }) });
    await expect(async () => {
      await page.reload();
      await expect(failedRow).toContainText("HTTP 500", { timeout: 2_000 });
    }).toPass(afterRequest);
    await expect(failedRow).toContainText(/Waiting|Failed/);
    await expectNoSeriousAxeViolations(page, "Webhooks with a failed delivery");
    await atBothWidths(page, "webhooks-deliveries-failed", page.locator("#deliveries"));

    await failedRow.getByRole("button", { name: `Send again ${messageId}` }).click();
    await expect(toast(page, webhookMessages.sentAgain)).toBeVisible(afterRequest);
    await expect
      .poll(() => receiver.receipts.filter((r) => r.headers["webhook-id"] === messageId).length, afterRequest)
      .toBe(2);
    await expect(async () => {
      await page.reload();
      await expect(failedRow).toContainText("Delivered", { timeout: 2_000 });
    }).toPass(afterRequest);
    await expect(failedRow).toContainText("HTTP 200");
    expect(eventsAbout(receiver.receipts, secret, "order.placed", second._id)).toHaveLength(2);
    await toastsClosed(page);
    await expectNoSeriousAxeViolations(page, "Webhooks with its deliveries");
    await atBothWidths(page, "webhooks-deliveries", page.locator("#deliveries"));
  } finally {
    // The shop is shared: later specs' orders must not queue deliveries to a receiver that is gone.
    if (endpointId) {
      const removed = await page.request.delete(`/api/webhooks/endpoints/${endpointId}`, {
        headers: { origin: shop },
      });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
    await receiver.close();
  }
});

test("/api/docs shows the API reference under its CSP, without a console error", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  await page.setViewportSize({ width: widths.desktop, height: 900 });
  const answer = await page.goto("/api/docs");
  expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /Car Mechanic/ }).first()).toBeVisible(afterRequest);
  const checkout = page.locator('.opblock-post [data-path="/api/checkout"]');
  await expect(checkout).toBeVisible();
  await expect(page.locator(".opblock-tag", { hasText: /^Orders/ }).first()).toBeVisible();
  await expect(page.getByText("Webhooks", { exact: true }).first()).toBeVisible();
  // Every operation has a tag of ours: none is left in Swagger UI's "default" group.
  await expect(page.locator("#operations-tag-default")).toHaveCount(0);
  // An operation opened: its parameters and answers show.
  await checkout.click();
  await expect(page.locator(".opblock.is-open").first()).toContainText("Responses");
  // Swagger UI's own markup fails these (its method badges' contrast, a copy button inside the
  // operation's button, the unlabelled server list, small path links, the scrolling code samples):
  // left out here, listed as a known problem of the page; anything else serious fails the test.
  const swaggerUiOwn = [
    "color-contrast",
    "nested-interactive",
    "scrollable-region-focusable",
    "select-name",
    "target-size",
  ];
  const docsAxe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .disableRules(swaggerUiOwn)
    .analyze();
  expect(
    docsAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    "/api/docs",
  ).toEqual([]);
  for (const [suffix, width] of [
    ["375", widths.phone],
    ["1280", widths.desktop],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSideways(page, width, `/api/docs at ${width} px`);
    await screenshotFromTop(page, `api-docs-${suffix}`);
    await page.screenshot({ path: `e2e/screenshots/api-docs-top-${suffix}.png` });
  }
  expect(problems).toEqual([]);
});
