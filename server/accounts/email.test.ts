import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outboxListAnswer } from "../../contract/answers";
import { outbox } from "../mail/tables";
import { orderBody } from "../orders/order-test-helpers";
import { verifyBeforeOrdering } from "../orders/routes";
import { expectAnswer } from "../test/answers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, lastMail, linkIn, sessionCookie, signUp, type TestUser } from "../test/sessions";
import { SmtpInbox } from "../test/smtp-inbox";
import { describeEachDatabase, type TestEnv, testOrigin } from "../test/test-env";
import { user } from "./tables";

const inbox = new SmtpInbox();
const mailConfig: Record<string, string> = { ADMIN_EMAILS: adminEmail };
beforeAll(async () => {
  mailConfig.SMTP_URL = await inbox.start();
});
afterAll(() => inbox.stop());

const resetSubject = "Reset your Car Mechanic password";
const verifySubject = "Verify your email for Car Mechanic";
const answerToEveryone = "If this email exists in our system, check your email for the reset link";

describeEachDatabase(
  "password reset and verified addresses, by email",
  (env) => {
    // Both databases' suites share the SMTP server: each starts with an empty inbox.
    beforeAll(() => {
      inbox.received.length = 0;
    });
    async function signIn(who: TestUser, password = who.password) {
      return call(env.app, "POST", "/api/auth/sign-in/email", undefined, { email: who.email, password });
    }
    const sessionOf = async (cookie: string) =>
      (await env.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } })).json();

    it("mails a verification link at sign-up; opening it verifies the address and shows it in the session", async () => {
      const owner = await signUp(env.app, { name: "Rafi Garage" }, { verified: false });
      expect((await sessionOf(owner.cookie)).user.emailVerified).toBe(false);
      const mail = await inbox.one(owner.email, verifySubject);
      expect(mail.text).toContain("Rafi Garage");
      const opened = await env.app.inject({
        method: "GET",
        url: linkIn(mail.text, "/api/auth/verify-email"),
      });
      expect(opened.statusCode).toBe(302);
      expect((await sessionOf(owner.cookie)).user.emailVerified).toBe(true);
    });

    it("makes an ADMIN_EMAILS address admin only once it is verified", async () => {
      const boss = await signUp(env.app, { email: adminEmail }, { verified: false });
      expect((await call(env.app, "GET", "/api/user", boss)).statusCode).toBe(403);
      const mail = await inbox.one(adminEmail, verifySubject);
      await env.app.inject({ method: "GET", url: linkIn(mail.text, "/api/auth/verify-email") });
      expect((await call(env.app, "GET", "/api/user", boss)).statusCode).toBe(200);
    });

    it("resets a password once through the mailed link and signs every other session out", async () => {
      const owner = await signUp(env.app);
      const laptop = sessionCookie((await signIn(owner)).headers["set-cookie"]);
      const asked = await call(env.app, "POST", "/api/auth/request-password-reset", undefined, {
        email: owner.email,
        redirectTo: "/reset-password",
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().message).toBe(answerToEveryone);

      const mail = await inbox.one(owner.email, resetSubject);
      const opened = await env.app.inject({
        method: "GET",
        url: linkIn(mail.text, "/api/auth/reset-password/"),
      });
      expect(opened.statusCode).toBe(302);
      const landing = new URL(String(opened.headers.location), testOrigin);
      expect(landing.pathname).toBe("/reset-password");
      const token = landing.searchParams.get("token");
      expect(token).toBeTruthy();

      const weak = await call(env.app, "POST", "/api/auth/reset-password", undefined, {
        token,
        newPassword: "short",
      });
      expect(weak.statusCode).toBe(400);
      const reset = await call(env.app, "POST", "/api/auth/reset-password", undefined, {
        token,
        newPassword: "a-brand-new-pass-2",
      });
      expect(reset.statusCode, reset.body).toBe(200);

      expect(await sessionOf(owner.cookie)).toBeNull();
      expect(await sessionOf(laptop)).toBeNull();
      expect((await signIn(owner)).statusCode).toBe(401);
      expect((await signIn(owner, "a-brand-new-pass-2")).statusCode).toBe(200);
      const again = await call(env.app, "POST", "/api/auth/reset-password", undefined, {
        token,
        newPassword: "yet-another-pass-3",
      });
      expect(again.statusCode).toBe(400);
    });

    it("answers an unknown address the same way and mails nobody", async () => {
      const before = await env.db.$count(outbox);
      const asked = await call(env.app, "POST", "/api/auth/request-password-reset", undefined, {
        email: "nobody.here@example.com",
        redirectTo: "/reset-password",
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().message).toBe(answerToEveryone);
      expect(await env.db.$count(outbox)).toBe(before);
    });

    it('rate-limits "send again" of the verification link', async () => {
      const owner = await signUp(env.app, {}, { verified: false });
      const statuses: number[] = [];
      // Its own client address: the limit counts per address, across both databases' suites.
      const remoteAddress = env.kind === "pglite" ? "10.13.0.1" : "10.13.0.2";
      for (let i = 0; i < 4; i++) {
        const res = await call(
          env.app,
          "POST",
          "/api/auth/send-verification-email",
          owner,
          {
            email: owner.email,
            callbackURL: "/dashboard",
          },
          { remoteAddress },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it("lists the outbox for admins only, newest first, hiding delivered account links", async () => {
      const admin = await signUp(env.app, { email: "second.boss@example.com" });
      await env.db.update(user).set({ role: "admin" }).where(eq(user.email, admin.email));
      expect((await call(env.app, "GET", "/api/outbox")).statusCode).toBe(401);
      const buyer = await signUp(env.app);
      expect((await call(env.app, "GET", "/api/outbox", buyer)).statusCode).toBe(403);
      await inbox.one(buyer.email, verifySubject);
      const page = await call(env.app, "GET", "/api/outbox?limit=2", admin);
      expect(page.statusCode).toBe(200);
      expect(Number(page.headers["x-total-count"])).toBeGreaterThan(2);
      expectAnswer(outboxListAnswer, page.json());
      const [newest] = page.json();
      expect(newest).toMatchObject({
        kind: "verify-email",
        to: buyer.email,
        subject: verifySubject,
        status: "sent",
      });
      expect(newest.text).toBeNull();
      expect((await call(env.app, "GET", "/api/outbox?page=0", admin)).statusCode).toBe(400);
    });
  },
  mailConfig,
);

describeEachDatabase(
  "REQUIRE_EMAIL_VERIFICATION",
  (env) => {
    it("refuses an order until the buyer's address is verified", async () => {
      const tool = await insertTool(env.db, { minimum: 10, available: 1000 });
      const unverified = await signUp(env.app, {}, { verified: false });
      const refused = await call(env.app, "POST", "/api/order", unverified, orderBody(tool.id, 10));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: verifyBeforeOrdering });
      const verified = await signUp(env.app);
      const placed = await call(env.app, "POST", "/api/order", verified, orderBody(tool.id, 10));
      expect(placed.statusCode, placed.body).toBe(201);
    });
  },
  { REQUIRE_EMAIL_VERIFICATION: "true" },
);

describe("without SMTP_URL", () => {
  describeEachDatabase("mail kept in the outbox", (env) => {
    it("keeps each message for the Outbox page instead of sending it", async () => {
      const owner = await signUp(env.app, {}, { verified: false });
      await env.app.sendDueMail();
      await vi.waitFor(async () => {
        const rows = await env.db.select().from(outbox).where(eq(outbox.recipient, owner.email));
        expect(rows).toMatchObject([{ kind: "verify-email", status: "kept", attempts: 0 }]);
      });
    });
  });
});

/** Signs `email` up as a page at `origin` would (its Host, and a proxy's headers when given). */
function signUpAt(env: TestEnv, email: string, headers: Record<string, string>) {
  return env.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers,
    payload: { name: "Link Tester", email, password: "correct-horse-1" },
  });
}

const linkOf = async (env: TestEnv, email: string, kind: string, path: string) =>
  (await lastMail(env.app, email, kind)).text?.match(new RegExp(`https?://[^\\s]+${path}[^\\s]*`))?.[0];

describeEachDatabase(
  "account links without PUBLIC_URL: at the address the request came in on",
  (env) => {
    it("mails the verification and reset links (and the shop's address) at the request's own origin", async () => {
      const email = `at-127.${Date.now()}@example.com`;
      const at127 = { host: "127.0.0.1:3999", origin: "http://127.0.0.1:3999" };
      expect((await signUpAt(env, email, at127)).statusCode).toBe(200);
      const verify = await linkOf(env, email, "verify-email", "/api/auth/verify-email");
      expect(verify).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/auth\/verify-email\?token=/);
      expect((await lastMail(env.app, email, "verify-email")).text).not.toContain("localhost");

      const reset = await env.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: at127,
        payload: { email, redirectTo: "/reset-password" },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // The reset mail is queued once the answer has gone (issue 22: the same answer for every address).
      await vi.waitFor(async () =>
        expect(await linkOf(env, email, "password-reset", "/api/auth/reset-password/")).toMatch(
          /^http:\/\/127\.0\.0\.1:3999\/api\/auth\/reset-password\//,
        ),
      );
    });

    it("believes a proxy's X-Forwarded-Host only with TRUST_PROXY", async () => {
      const email = `proxied.${Date.now()}@example.com`;
      const headers = {
        host: "10.0.0.5:3000",
        origin: "http://10.0.0.5:3000",
        "x-forwarded-host": "shop.example:8443",
        "x-forwarded-proto": "https",
      };
      expect((await signUpAt(env, email, headers)).statusCode).toBe(200);
      expect(await linkOf(env, email, "verify-email", "/api/auth/verify-email")).toMatch(
        /^http:\/\/10\.0\.0\.5:3000\/api\/auth\/verify-email\?/,
      );
    });
  },
  { PUBLIC_URL: "" },
);

describeEachDatabase(
  "account links with PUBLIC_URL",
  (env) => {
    it("keeps PUBLIC_URL whatever Host a request claims", async () => {
      const email = `forged.${Date.now()}@example.com`;
      const res = await signUpAt(env, email, { host: "evil.example", origin: testOrigin });
      expect(res.statusCode).toBe(200);
      expect(await linkOf(env, email, "verify-email", "/api/auth/verify-email")).toMatch(
        new RegExp(`^${testOrigin}/api/auth/verify-email\\?`),
      );
    });
  },
  {},
);

describeEachDatabase(
  "account links behind a trusted proxy without PUBLIC_URL",
  (env) => {
    it("uses the proxy's X-Forwarded-Host and -Proto", async () => {
      const email = `behind-proxy.${Date.now()}@example.com`;
      const res = await signUpAt(env, email, {
        host: "10.0.0.5:3000",
        origin: "https://shop.example:8443",
        "x-forwarded-host": "shop.example:8443",
        "x-forwarded-proto": "https",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await linkOf(env, email, "verify-email", "/api/auth/verify-email")).toMatch(
        /^https:\/\/shop\.example:8443\/api\/auth\/verify-email\?/,
      );
    });
  },
  { PUBLIC_URL: "", TRUST_PROXY: "true" },
);
