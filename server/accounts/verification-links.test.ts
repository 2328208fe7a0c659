import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { call } from "../test/requests";
import { lastMail, linkIn, sessionCookie, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { user } from "./tables";

// Issue 22, item 7 (decision 024): a verification link proves an address; it never changes who the
// browser that opens it is signed in as.

describeEachDatabase("verification links", (env) => {
  // Better Auth limits email changes per client address (shared through Redis by both databases'
  // runs): each request for a change from an address of its own.
  const network = randomInt(1, 250);
  let clients = 0;
  /** `who` asks to move to `newEmail`: the link mailed to the new address. */
  const changeEmailLink = async (who: TestUser, newEmail: string, callbackURL: string) => {
    const asked = await call(
      env.app,
      "POST",
      "/api/auth/change-email",
      who,
      { newEmail, callbackURL },
      {
        remoteAddress: `10.${network}.${++clients}.22`,
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    return linkIn((await lastMail(env.app, newEmail, "change-email")).text, "/api/auth/verify-email");
  };
  const open = (link: string, who?: TestUser) =>
    env.app.inject({ method: "GET", url: link, headers: who ? { cookie: who.cookie } : {} });
  const signedInAs = async (cookie: string) =>
    (await env.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } })).json()?.user
      ?.email as string | undefined;
  const stored = async (email: string) => (await env.db.select().from(user).where(eq(user.email, email)))[0];
  const verifyLink = async (who: TestUser) =>
    linkIn((await lastMail(env.app, who.email, "verify-email")).text, "/api/auth/verify-email");

  it("opening someone else's verification link verifies their address and leaves the opener signed in as themselves", async () => {
    const attacker = await signUp(env.app, { name: "Attacker" }, { verified: false });
    const victim = await signUp(env.app, { name: "Victim" });

    const opened = await open(await verifyLink(attacker), victim);
    expect(opened.statusCode).toBe(302);
    // No session cookie of any account is set: the browser keeps the victim's.
    expect(sessionCookie(opened.headers["set-cookie"])).not.toContain("session_token");
    expect(await signedInAs(victim.cookie)).toBe(victim.email);
    expect((await stored(attacker.email))?.emailVerified).toBe(true);
  });

  it("opening a verification link signed out verifies the address and signs nobody in", async () => {
    const owner = await signUp(env.app, {}, { verified: false });
    const opened = await open(await verifyLink(owner));
    expect(opened.statusCode).toBe(302);
    expect(sessionCookie(opened.headers["set-cookie"])).not.toContain("session_token");
    expect((await stored(owner.email))?.emailVerified).toBe(true);
    // The owner's own session (the sign-up's) sees it.
    const session = await call(env.app, "GET", "/api/auth/get-session", owner);
    expect(session.json().user).toMatchObject({ email: owner.email, emailVerified: true });
  });

  it("a change-email link verifies the new address for its owner or a signed-out opener, and is refused to another account", async () => {
    // An account whose first address was never verified: the new one is verified by its own link.
    const owner = await signUp(env.app, {}, { verified: false });
    const other = await signUp(env.app);
    const newEmail = `moved.${Date.now()}@example.com`;
    const link = await changeEmailLink(owner, newEmail, "/dashboard/account?email-changed=1");

    // Signed in as another account: refused, nothing changes, still that account.
    const refused = await open(link, other);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/dashboard/account?email-changed=1&error=INVALID_USER");
    expect(sessionCookie(refused.headers["set-cookie"])).not.toContain("session_token");
    expect(await signedInAs(other.cookie)).toBe(other.email);
    expect(await stored(newEmail)).toBeUndefined();

    // Signed out (the link opened on another device): the address changes, verified, nobody signed in.
    const opened = await open(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/dashboard/account?email-changed=1");
    expect(sessionCookie(opened.headers["set-cookie"])).not.toContain("session_token");
    expect(await stored(owner.email)).toBeUndefined();
    expect(await stored(newEmail)).toMatchObject({ email: newEmail, emailVerified: true });
    // The owner's session, still theirs, shows the new, verified address.
    const session = await call(env.app, "GET", "/api/auth/get-session", owner);
    expect(session.json().user).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("a change-email link opened by its owner, signed in, keeps that same session", async () => {
    const owner = await signUp(env.app, {}, { verified: false });
    const newEmail = `moved.again.${Date.now()}@example.com`;
    const link = await changeEmailLink(owner, newEmail, "/dashboard");
    const opened = await open(link, owner);
    expect(opened.statusCode).toBe(302);
    expect(await signedInAs(owner.cookie)).toBe(newEmail);
    expect((await stored(newEmail))?.emailVerified).toBe(true);
  });
});
