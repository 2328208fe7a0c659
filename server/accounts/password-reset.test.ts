import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { outbox } from "../mail/tables";
import { call } from "../test/requests";
import { lastMail, linkIn, signUp } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { passwordResetAnswer } from "./auth";

// Issue 22, item 8: the time of the answer to "Forgot password?" told whether an address has an
// account (the lookup, the token and the mail were done before answering, for existing addresses only).
// No clock here: the test shows that neither request reads the accounts before it answers.

describeEachDatabase("a request for a reset link", (env) => {
  const ask = (email: string, redirectTo = "/reset-password") =>
    call(env.app, "POST", "/api/auth/request-password-reset", undefined, { email, redirectTo });

  it("answers an address with an account and an unknown one alike, before reading the accounts, then queues the mail", async () => {
    const owner = await signUp(env.app);
    const unknown = `nobody.${Date.now()}@example.com`;
    const answers = await env.db.transaction(async (tx) => {
      // Until this transaction ends no request can read the accounts (on PGlite, nothing at all).
      await tx.execute(sql`lock table "user" in access exclusive mode`);
      let answered: Awaited<ReturnType<typeof ask>>[] | undefined;
      const both = Promise.all([ask(owner.email), ask(unknown)]).then((a) => {
        answered = a;
      });
      // A request that looked first would wait for the lock: then this fails (and the lock goes).
      await vi.waitFor(() => expect(answered, "answered while the accounts were locked").toBeDefined(), {
        timeout: 20_000,
        interval: 20,
      });
      await both;
      return answered ?? [];
    });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(passwordResetAnswer);
    }
    expect(answers[0]?.body).toBe(answers[1]?.body);

    // After the answer: the link is made and mailed to the account, and nobody else is mailed.
    const mail = await vi.waitFor(() => lastMail(env.app, owner.email, "password-reset"), {
      timeout: 20_000,
    });
    const opened = await env.app.inject({
      method: "GET",
      url: linkIn(mail.text, "/api/auth/reset-password/"),
    });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), testOrigin);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${testOrigin}/reset-password`);
    expect(landing.searchParams.get("token")).toBeTruthy();
    expect(await env.db.$count(outbox, eq(outbox.recipient, unknown))).toBe(0);

    // What is wrong with the request itself is still answered as before: a malformed address, a
    // page of another site.
    const bad = await ask("not-an-address");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    const elsewhere = await ask("someone@example.com", "https://evil.example/steal");
    expect(elsewhere.statusCode).toBe(403);
  });
});
