import type { UploadResponse } from "../contract/uploads";
import { expectNoSideways } from "./appearance";
import { expectNoSeriousAxeViolations } from "./axe";
import { type APIRequestContext, expect, test } from "./fixtures";
import { screenshotFromTop, widths } from "./screenshots";
import { fakePhotoFile, photoFile } from "./test-images";
import { newUser, signInAsAdmin, signUpViaApi } from "./users";

// The admins' catalog screens in the browser (spec §2, §5, §8; decisions.md): Add A Tools with its
// photo upload, Manage Tools with the delete confirmation, the contact inbox, and the refusal of
// these screens to users who are not admins.

// Each test walks a whole screen with uploads and accessibility checks at two widths.
test.describe.configure({ timeout: 90_000 });

/** Tools per page of /tools and Manage Tools (web/src/features/catalog/api/get-tools.ts). */
const toolsPageSize = 24;

/**
 * The address of the page of a tools list (`list`: /tools or Manage Tools) that holds the newest tool
 * (the list is oldest first).
 */
async function lastToolsPage(request: APIRequestContext, list: string): Promise<string> {
  const response = await request.get("/api/service?limit=1");
  expect(response.ok()).toBe(true);
  const total = Number(response.headers()["x-total-count"]);
  const last = Math.max(1, Math.ceil(total / toolsPageSize));
  return last === 1 ? list : `${list}?page=${last}`;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Uploads a photo and adds a tool through the API, as the signed-in admin of `request`. */
async function addToolViaApi(request: APIRequestContext, baseURL: string, name: string): Promise<string> {
  const upload = await request.post("/api/upload", {
    headers: { origin: baseURL },
    multipart: { image: photoFile("tool.png", { from: [30, 64, 175], to: [15, 23, 42] }) },
  });
  expect(upload.status()).toBe(201);
  const { data } = (await upload.json()) as UploadResponse;
  const created = await request.post("/api/service", {
    headers: { origin: baseURL },
    data: {
      name,
      description: "A sturdy tool for the end-to-end tests, with a long description.",
      available: 900,
      minimum: 10,
      price: 4.5,
      img: data.url,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

test.describe("Add A Tools", () => {
  test("shows the spec's messages on an empty submit, with standard fields", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard/addTools");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add A Tools");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      if (width === widths.desktop) await screenshotFromTop(page, `add-tools-${width}`);

      const name = page.getByLabel("Name", { exact: true });
      await expect(name).toHaveAttribute("name", "name");
      await expect(page.getByLabel("Description")).toHaveAttribute("name", "description");
      for (const [label, field] of [
        ["Available", "available"],
        ["Minimum", "minimum"],
        ["Price", "price"],
      ] as const) {
        await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("type", "number");
        await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("name", field);
      }
      const photo = page.getByLabel("Photo", { exact: true });
      await expect(photo).toHaveAttribute("type", "file");
      await expect(photo).toHaveAttribute("accept", "image/*");

      await page.getByRole("button", { name: "Add Tool" }).click();
      const messages: [string, string][] = [
        ["Name", "Name Required"],
        ["Description", "Description Required"],
        ["Available", "Availabilie Required"],
        ["Minimum", "Minimum Required"],
        ["Price", "Price Required"],
        ["Photo", "Image is Required"],
      ];
      for (const [label, message] of messages) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(message);
      }
      await expect(name).toBeFocused();
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `add-tools-errors-${width}`);
      await expectNoSeriousAxeViolations(page, `Add A Tools with messages at ${width}px`);

      // The server's lot rule, before anything is sent.
      await page.getByLabel("Available", { exact: true }).fill("50");
      await page.getByLabel("Minimum", { exact: true }).fill("80");
      await expect(page.getByText("Availabilie Required")).toHaveCount(0);
      await page.getByLabel("Price", { exact: true }).fill("9.999");
      await page.getByRole("button", { name: "Add Tool" }).click();
      await expect(page.getByText("Use at most two decimals for the price", { exact: true })).toBeVisible();
    }
  });

  test("an admin adds a tool with a photo and it appears on /tools", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const toolName = `Torque Wrench ${unique()}`;
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/addTools");

    await page.getByLabel("Name", { exact: true }).fill(toolName);
    await page
      .getByLabel("Description")
      .fill("Click-type torque wrench, 40 to 200 Nm, with a calibration certificate.");
    await page.getByLabel("Available", { exact: true }).fill("100");
    await page.getByLabel("Minimum", { exact: true }).fill("200");
    await page.getByLabel("Price", { exact: true }).fill("89.5");
    await page.getByLabel("Photo", { exact: true }).setInputFiles(photoFile("wrench.png"));
    await expect(page.getByText("Photo uploaded")).toBeVisible();
    const preview = page.getByRole("img", { name: "Chosen photo" });
    await expect(preview).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.thumb\.webp$/);

    // Minimum above the stock: the server's rule, shown under Minimum.
    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByText("Minimum can't be more than available", { exact: true })).toBeVisible();
    await page.getByLabel("Available", { exact: true }).fill("1500");
    await page.getByLabel("Minimum", { exact: true }).fill("100");
    await screenshotFromTop(page, "add-tools-filled-1280");

    const posted = page.waitForRequest((r) => r.url().endsWith("/api/service") && r.method() === "POST");
    await page.getByRole("button", { name: "Add Tool" }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ name: toolName, available: 1500, minimum: 100, price: 89.5 });
    expect(body.img).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    await expect(page.getByText("Tools Added in Database", { exact: true })).toBeVisible();

    // The form starts over.
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("");
    await expect(page.getByRole("img", { name: "Chosen photo" })).toHaveCount(0);
    await expect(page.getByText("Photo uploaded")).toHaveCount(0);

    // On sale on /tools, with its photo.
    await page.goto(await lastToolsPage(page.request, "/tools"));
    const card = page.getByTestId("tool-card").filter({ hasText: toolName });
    await expect(card).toBeVisible();
    await expect(card).toContainText("$89.50");
    await expect(card).toContainText("1,500 pieces");
    await expect(card.getByRole("img", { name: toolName })).toHaveAttribute(
      "src",
      /^\/uploads\/[a-f0-9]{32}\.webp$/,
    );
  });

  test("a failed upload shows the server's reason and nothing is submitted", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page.goto("/dashboard/addTools");
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/service") && r.method() === "POST") sent.push(r.url());
    });

    await page.getByLabel("Name", { exact: true }).fill(`Not A Photo ${unique()}`);
    await page.getByLabel("Description").fill("This tool's photo is a text file.");
    await page.getByLabel("Available", { exact: true }).fill("1000");
    await page.getByLabel("Minimum", { exact: true }).fill("10");
    await page.getByLabel("Price", { exact: true }).fill("3");

    const photo = page.getByLabel("Photo", { exact: true });
    const notAPhoto = "That file is not a photo we accept: use JPEG, PNG, WebP, GIF or AVIF";
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/upload"));
    await photo.setInputFiles(fakePhotoFile());
    expect((await answered).status()).toBe(415);
    await expect(page.getByRole("alert").filter({ hasText: notAPhoto })).toBeVisible();
    await expect(photo).toHaveAccessibleDescription(notAPhoto);
    await screenshotFromTop(page, "add-tools-upload-failed-375");

    await page.getByRole("button", { name: "Add Tool" }).click();
    await expect(page.getByText(notAPhoto)).toBeVisible();

    // Too large: refused before a byte is sent, in the server's own words.
    await photo.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await expect(page.getByText("The photo is larger than 5 MB", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add Tool" }).click();
    expect(sent).toEqual([]);

    // A good photo afterwards clears the message.
    await photo.setInputFiles(photoFile());
    await expect(page.getByText("Photo uploaded")).toBeVisible();
    await expect(page.getByText("The photo is larger than 5 MB")).toHaveCount(0);
  });
});

test.describe("Manage Tools", () => {
  test("an admin deletes a tool after the confirmation", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const toolName = `Spark Plug Gauge ${unique()}`;
    const id = await addToolViaApi(page.request, baseURL ?? "", toolName);
    const manageTools = await lastToolsPage(page.request, "/dashboard/manageTools");

    for (const width of [widths.phone, widths.tablet, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(manageTools);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage Tools");
      const card = page.getByTestId("manage-tool-card").filter({ hasText: toolName });
      await expect(card).toBeVisible();
      // The first 25 characters of the description.
      await expect(card).toContainText("A sturdy tool for the end…");
      await expect(card).toContainText("$4.50");
      await expect(card).toContainText("900 pieces");
      await card.scrollIntoViewIfNeeded();
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `manage-tools-${width}`);
    }

    const card = page.getByTestId("manage-tool-card").filter({ hasText: toolName });
    // Cancel keeps the tool.
    await card.getByRole("button", { name: `Delete ${toolName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete tools?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("You won't be able to revert this!");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.screenshot({ path: "e2e/screenshots/manage-tools-confirm-1280.png" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: `Delete ${toolName}` }).click();
    await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(page.getByText("Deleted!", { exact: true })).toBeVisible();
    await expect(page.getByText(`${toolName} is gone from the shop.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/service/${id}`)).status()).toBe(404);
  });

  test("a tool with orders is archived, and the admin is told", async ({ page, browser, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const toolName = `Brake Bleeder ${unique()}`;
    const id = await addToolViaApi(page.request, baseURL ?? "", toolName);

    // A workshop orders it.
    const buyer = await browser.newContext({ baseURL });
    await signUpViaApi(buyer.request, baseURL ?? "", newUser("Ordering Workshop"));
    // After the tool's lead time (3 days by default): an earlier date is refused.
    const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const order = await buyer.request.post("/api/order", {
      headers: { origin: baseURL ?? "" },
      data: {
        orderId: id,
        orderMinimum: 10,
        orderPhone: "+880 1712 345678",
        orderAddress: "12 Workshop Road, Dhaka",
        orderDate: inTenDays,
      },
    });
    expect(order.status()).toBe(201);
    await buyer.close();

    await page.goto(await lastToolsPage(page.request, "/dashboard/manageTools"));
    const card = page.getByTestId("manage-tool-card").filter({ hasText: toolName });
    await card.getByRole("button", { name: `Delete ${toolName}` }).click();
    await page.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(page.getByText("Deleted!", { exact: true })).toBeVisible();
    await expect(page.getByText("Archived: it has orders", { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a refused delete says Failed, never Deleted!", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const toolName = `Oil Filter Wrench ${unique()}`;
    await addToolViaApi(page.request, baseURL ?? "", toolName);
    await page.route("**/api/service/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 403, json: { error: "Only admins can do that" } })
        : route.fallback(),
    );
    await page.goto(await lastToolsPage(page.request, "/dashboard/manageTools"));
    const card = page.getByTestId("manage-tool-card").filter({ hasText: toolName });
    await card.getByRole("button", { name: `Delete ${toolName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete tools?" });
    await dialog.getByRole("button", { name: "Yes, delete it!" }).click();
    await expect(page.getByText("Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("Only admins can do that")).toBeVisible();
    await expect(page.getByText("Deleted!", { exact: true })).toHaveCount(0);
    // The dialog stays open for another try.
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();
  });
});

test.describe("Manage Tools: CSV import", () => {
  test("a refused file's answer sits under the heading: the toolbar stays put, one message per rule", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    const sku = `CSV-${unique()}`;
    const header =
      "id,sku,name,description,price,available,minimum,maximum,increment,leadTimeDays,lowStockAt,img";
    const file = `${header}\n,${sku},Free Tool,Costs nothing.,0,100,10,,1,3,,/images/tools/piston.svg\n`;
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard/manageTools");
      await expect(page.getByRole("heading", { level: 1, name: "Manage Tools" })).toBeVisible();
      const screen = page.getByRole("region", { name: "Manage Tools" });
      const toolbar = [
        screen.getByRole("link", { name: "Download CSV" }),
        screen.getByText("Import CSV", { exact: true }),
        screen.getByRole("link", { name: "Add A Tools" }),
      ];
      const before = await Promise.all(toolbar.map((part) => part.boundingBox()));

      await page.getByLabel("Import CSV").setInputFiles({
        name: "tools.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(file),
      });
      const answer = page.getByRole("status").filter({ hasText: "Nothing was imported" });
      await expect(answer).toContainText("Nothing was imported: row 2 has problems");
      await expect(answer.getByRole("listitem")).toHaveText(["Row 2: Price must be more than 0"]);
      await expect(answer).not.toContainText("at least $0.01");
      expect(await Promise.all(toolbar.map((part) => part.boundingBox()))).toEqual(before);
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `manage-tools-csv-refused-${width}`);
    }
  });
});

test.describe("Contact Messages", () => {
  test("an admin reads the inbox, newest first, and marks messages read and unread", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const subject = `Bulk order of brake pads ${unique()}`;
    const sender = newUser().email;
    // Five messages a minute per address: other tests may have used them; wait for the next minute.
    for (let attempt = 0; ; attempt++) {
      const sent = await request.post("/api/contact", {
        headers: { origin: baseURL ?? "" },
        data: { email: sender, subject, message: "Hello,\nwe need 400 sets by next month.\nThanks!" },
      });
      if (sent.status() === 201) break;
      expect(sent.status()).toBe(429);
      expect(attempt).toBeLessThan(2);
      await new Promise((resolve) => setTimeout(resolve, Number(sent.headers()["retry-after"] ?? 60) * 1000));
    }

    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await page.goto("/dashboard/contactMessages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Messages");
    const first = page.getByTestId("contact-message").first();
    await expect(first).toContainText(subject);
    await expect(first).toContainText(sender);
    await expect(first).toContainText("we need 400 sets by next month.");
    await expect(first).toHaveAttribute("data-unread", "true");
    await expect(first.getByText("New", { exact: true })).toBeVisible();
    await screenshotFromTop(page, "contact-messages-1280");

    await first.getByRole("button", { name: /^Mark as read/ }).click();
    await expect(first.getByRole("button", { name: /^Mark as unread/ })).toBeVisible();
    await expect(first).not.toHaveAttribute("data-unread", "true");
    await page.reload();
    await expect(
      page
        .getByTestId("contact-message")
        .first()
        .getByRole("button", { name: /^Mark as unread/ }),
    ).toBeVisible();

    await page.setViewportSize({ width: widths.phone, height: 900 });
    await page
      .getByTestId("contact-message")
      .first()
      .getByRole("button", { name: /^Mark as unread/ })
      .click();
    await expect(page.getByTestId("contact-message").first()).toHaveAttribute("data-unread", "true");
    await expectNoSideways(page, widths.phone);
    await screenshotFromTop(page, "contact-messages-375");
    await expectNoSeriousAxeViolations(page, "Contact Messages at 375px");
  });
});

test("a user who is not an admin is refused the admin screens", async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL ?? "", newUser("Curious Mechanic"));
  for (const path of ["/dashboard/addTools", "/dashboard/manageTools", "/dashboard/contactMessages"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
    await expect(page.getByRole("button", { name: "Add Tool" })).toHaveCount(0);
    await expect(page.getByLabel("Photo")).toHaveCount(0);
  }
  // The server refuses the call itself too.
  const refused = await page.request.post("/api/service", {
    headers: { origin: baseURL ?? "" },
    data: { name: "Sneaky", description: "x", available: 1, minimum: 1, price: 1, img: "/images/logo.svg" },
  });
  expect(refused.status()).toBe(403);
});

test.describe("Editing a tool and its stock", () => {
  test("Edit opens the filled-in form; a save and a restock show at once, with the movements", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    for (const width of [widths.phone, widths.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      const name = `Edited wrench ${unique()}`;
      const id = await addToolViaApi(page.request, baseURL ?? "", name);
      await page.goto(await lastToolsPage(page.request, "/dashboard/manageTools"));
      const card = page.getByTestId("manage-tool-card").filter({ hasText: name });
      await card.getByRole("link", { name: `Edit ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/manageTools/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();

      const form = page.getByRole("form", { name: `Edit ${name}` });
      await expect(form.getByLabel("Name")).toHaveValue(name);
      await expect(form.getByLabel("Price")).toHaveValue("4.5");
      await expect(form.getByLabel("Available")).toHaveCount(0);
      const sku = `E2E-${unique()}`;
      await form.getByLabel("Price").fill("5.25");
      await form.getByLabel("SKU").fill(sku);
      await form.getByLabel("Low stock at").fill("800");
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Tool updated")).toBeVisible();

      const stock = page.getByRole("form", { name: "Change the stock" });
      await stock.getByLabel("Reason").selectOption("restock");
      await stock.getByLabel("Change (pieces)").fill("300");
      await stock.getByLabel("Note").fill("Delivery 4471");
      await stock.getByRole("button", { name: "Save stock change" }).click();
      await expect(page.getByTestId("stock-now")).toHaveText("1,200 pieces");
      const ledger = page.getByRole("list", { name: "Stock movements" });
      await expect(ledger.getByRole("listitem")).toHaveCount(2);
      await expect(ledger.getByRole("listitem").first()).toContainText("Restock · Delivery 4471");
      await expect(ledger.getByRole("listitem").first()).toContainText("+300");

      // Below 0 is refused with the server's message.
      await stock.getByLabel("Reason").selectOption("correction");
      await stock.getByLabel("Change (pieces)").fill("-5000");
      await stock.getByRole("button", { name: "Save stock change" }).click();
      await expect(page.getByText("The stock can't go below 0")).toBeVisible();
      await expect(page.getByTestId("stock-now")).toHaveText("1,200 pieces");
      await expectNoSideways(page, width);
      await screenshotFromTop(page, `tool-admin-${width}`);

      const shown = await page.request.get(`/api/service/${id}`);
      expect(await shown.json()).toMatchObject({ price: 5.25, sku, lowStockAt: 800, available: 1200 });

      // Down to its low-stock level: it joins the Low stock list on Manage Tools.
      await stock.getByLabel("Change (pieces)").fill("-400");
      await stock.getByRole("button", { name: "Save stock change" }).click();
      await expect(page.getByTestId("stock-now")).toHaveText("800 pieces");
      await page.getByRole("link", { name: "Manage tools", exact: true }).click();
      const low = page.getByRole("list", { name: "Low stock" });
      await expect(low).toContainText(name);
      await expect(low.getByRole("listitem").filter({ hasText: name })).toContainText("800 pieces left");
      if (width === widths.phone) await screenshotFromTop(page, "low-stock-375");
    }
  });
});
