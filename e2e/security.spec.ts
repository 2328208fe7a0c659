// A page on another port of 127.0.0.1 attacks a signed-in user: another origin, but the same site,
// so the browser sends the SameSite=Lax session cookie along. The shop must refuse its form and
// refuse to be framed by it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { gradientPng } from "./test-images";
import { newUser, signInAsAdmin, signUpInPage, signUpViaApi } from "./users";

let attacker: http.Server;
let attackerUrl = "";
/** The attacker's pages, by path. */
const attackerPages = new Map<string, string>();

test.beforeAll(async () => {
  attacker = http.createServer((request, response) => {
    const html = attackerPages.get(request.url ?? "/");
    response.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

/** A page that fills a multipart form with a photo and submits it to `action` as soon as it loads. */
function autoSubmittingUpload(action: string, photo: Buffer): string {
  return `<!doctype html><html><body><h1>You won a prize!</h1>
<form id="f" method="post" enctype="multipart/form-data" action="${action}"><input type="file" name="image"></form>
<script>
  const bytes = Uint8Array.from(atob("${photo.toString("base64")}"), (c) => c.charCodeAt(0));
  const files = new DataTransfer();
  files.items.add(new File([bytes], "prize.png", { type: "image/png" }));
  document.querySelector("input").files = files.files;
  document.getElementById("f").submit();
</script></body></html>`;
}

test.describe("attacks from another port of 127.0.0.1", () => {
  test("a multipart form posted by another origin is refused while the victim is signed in", async ({
    page,
    baseURL,
  }) => {
    await signUpInPage(page, baseURL);
    const photo = gradientPng(24, 16);

    // Both spellings of the path: the router decodes %61 to "a", the check must not be fooled by it.
    for (const path of ["/%61pi/upload", "/api/upload"]) {
      attackerPages.set("/prize", autoSubmittingUpload(`${baseURL}${path}`, photo));
      const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(path));
      await page.goto(`${attackerUrl}/prize`);
      const response = await posted;
      const sent = await response.request().allHeaders();
      expect(sent.origin, path).toBe(attackerUrl);
      expect(sent.cookie, `${path}: the victim's cookie went along`).toContain("session_token");
      expect(sent["content-type"], path).toMatch(/^multipart\/form-data; boundary=/);
      expect(response.status(), path).toBe(403);
      expect(await response.json(), path).toEqual({ error: "Cross-site requests are not allowed" });
      await expect(page.locator("body"), path).toContainText("Cross-site requests are not allowed");
    }

    // The same photo from the shop's own page is taken: the session was live, the refusal was the origin's.
    await page.goto("/");
    const own = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append("image", new File([bytes], "photo.png", { type: "image/png" }));
      const res = await fetch("/api/upload", { method: "POST", body: form });
      return { status: res.status, body: await res.json() };
    }, photo.toString("base64"));
    expect(own.status).toBe(201);
    expect(own.body.data.url).toMatch(/^\/uploads\//);
  });

  test("no page on another origin can frame All Users with its Make Admin buttons", async ({
    page,
    request,
    baseURL,
  }) => {
    await signUpViaApi(request, baseURL ?? "", newUser("Framed Target"));
    await signInAsAdmin(page.request, baseURL ?? "");
    // On the shop itself, the admin sees live Make Admin buttons: what a frame would expose.
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Users");
    await expect(page.getByRole("button", { name: "Make Admin" }).first()).toBeVisible();
    const document = await page.request.get("/dashboard/users");
    expect(document.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(document.headers()["x-frame-options"]).toBe("DENY");

    attackerPages.set(
      "/frame",
      `<!doctype html><html><body><h1>Click the big button</h1>
<iframe id="shop" src="${baseURL}/dashboard/users" width="1200" height="800"></iframe></body></html>`,
    );
    const evil = await page.context().newPage();
    const messages: string[] = [];
    evil.on("console", (m) => messages.push(m.text()));
    const framed = evil.waitForResponse((r) => r.url() === `${baseURL}/dashboard/users`);
    await evil.goto(`${attackerUrl}/frame`);
    expect((await framed).status()).toBe(200);
    // Chromium refuses to render the frame and shows its error page in its place.
    await expect.poll(() => evil.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(evil.frameLocator("#shop").getByRole("button", { name: "Make Admin" })).toHaveCount(0);
    await expect(evil.frameLocator("#shop").getByRole("heading", { name: "All Users" })).toHaveCount(0);
    expect(messages.join("\n")).toMatch(/frame-ancestors 'none'/);
    await evil.close();
  });
});
