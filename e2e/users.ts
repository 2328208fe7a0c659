// Accounts for the browser tests, created through the real auth endpoints.
import { type APIRequestContext, expect, type Page, request as requests } from "@playwright/test";

/** Listed in ADMIN_EMAILS of the test server (e2e/serve.ts), which signs it up and verifies it before the tests. */
export const adminEmail = "admin@carmechanic.test";

export type TestUser = { name: string; email: string; password: string };

let counter = 0;

/** A new, unique account's details (the spec's simple email pattern: letters or digits before the @). */
export function newUser(name = "Workshop Owner"): TestUser {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6)}`;
  return { name, email: `owner${unique}@example.com`, password: "long-enough-1" };
}

/**
 * Signs `user` up through /api/auth/sign-up/email. With `page.request` the session cookie lands in the
 * page's browser context (the page is then signed in); with the `request` fixture it does not.
 */
export async function signUpViaApi(request: APIRequestContext, baseURL: string, user: TestUser) {
  const response = await request.post("/api/auth/sign-up/email", {
    data: user,
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** Signs `user` in through /api/auth/sign-in/email (with `page.request`, the page is then signed in as them). */
export async function signInViaApi(request: APIRequestContext, baseURL: string, user: TestUser) {
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Signs a new user up in the page's browser context (the page is then signed in). */
export async function signUpInPage(
  page: Page,
  baseURL: string | undefined,
  name?: string,
): Promise<TestUser> {
  const user = newUser(name);
  await signUpViaApi(page.request, baseURL ?? "", user);
  return user;
}

/** The admin account's details (one per test server: made by e2e/verified-admin.ts as it starts). */
export const admin: TestUser = { name: "Shop Admin", email: adminEmail, password: "admin-password-1" };

/**
 * Signs the admin in through the API. The shop makes the account as it starts (e2e/serve.ts), a
 * moment after it answers: the first tests may wait a little (a few tries, under the account's
 * limit of failed sign-ins).
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const headers = { origin: baseURL };
  for (let attempt = 1; ; attempt++) {
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: { email: admin.email, password: admin.password },
      headers,
    });
    if (signIn.ok()) return;
    if (attempt === 5) throw new Error(`admin sign-in: ${signIn.status()} ${await signIn.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/**
 * Verifies `email`'s address as its owner would: opens the link mailed to it, read from the admins'
 * Outbox API (in a request context of its own, so no caller's cookies change).
 */
export async function verifyViaOutbox(baseURL: string, email: string): Promise<void> {
  const api = await requests.newContext({ baseURL });
  try {
    await signInAsAdmin(api, baseURL);
    const messages = (await (await api.get("/api/outbox?limit=100")).json()) as {
      kind: string;
      to: string;
      text: string | null;
    }[];
    const text = messages.find((m) => m.to === email && m.kind === "verify-email")?.text;
    const link = text?.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    if (!link) throw new Error(`no verification link mailed to ${email}`);
    const opened = await api.get(link, { maxRedirects: 0 });
    if (opened.status() !== 302) throw new Error(`verifying ${email}: ${opened.status()}`);
  } finally {
    await api.dispose();
  }
}

/**
 * The company invitation link mailed to `to`, read from the admins' Outbox API (`request` signed in
 * as the admin), as a path. The e2e shop has no SMTP_URL: mail waits in the Outbox.
 */
export async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get("/api/outbox?limit=100");
    expect(response.ok()).toBe(true);
    const messages = (await response.json()) as { kind: string; to: string; text: string | null }[];
    const text = messages.find((m) => m.kind === "company-invitation" && m.to === to)?.text;
    link = text?.match(/https?:\/\/\S+\/dashboard\/company\?invitation=[\w-]+/)?.[0];
    expect(link, `an invitation mailed to ${to}`).toBeDefined();
  }).toPass({ timeout: 30_000 });
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}
