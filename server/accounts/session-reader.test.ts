import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { queriesDuring } from "../test/queries";
import { call } from "../test/requests";
import { sessionCookie, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { createAfterAnswer } from "./after-answer";
import { createAuth } from "./auth";
import { account, session, user, verification } from "./tables";

const day = 86_400_000;

/** A user route that answers only a signed-in caller: whether the caller is an admin. */
const whoAmI = (app: Parameters<typeof call>[0], who: TestUser) =>
  call(app, "GET", `/api/admin/${encodeURIComponent(who.email)}`, who);

/** The session row behind a `better-auth.session_token=<token>.<signature>` cookie. */
const tokenOf = (who: TestUser) => decodeURIComponent(who.cookie.split("=")[1] ?? "").split(".")[0] ?? "";

describeEachDatabase("the session of each request (one query for the session and its user)", (env) => {
  it("answers a signed-in user, and 401 on the very next request once the session is signed out", async () => {
    const u = await signUp(env.app);
    expect((await whoAmI(env.app, u)).json()).toEqual({ admin: false });
    const out = await call(env.app, "POST", "/api/auth/sign-out", u, {});
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(env.app, u)).statusCode).toBe(401);
  });

  it("reads the session and its user in one query per request", async () => {
    const u = await signUp(env.app);
    const sent = await queriesDuring(env.db, async () => {
      expect((await whoAmI(env.app, u)).json()).toEqual({ admin: false });
    });
    // The session with its user, then the route's own read (whether the address is an admin's).
    const sessionReads = sent.filter((text) => /from "session"/i.test(text));
    expect(sessionReads).toHaveLength(1);
    // The statement of session-by-token.ts, not the relational query Drizzle builds for each call.
    expect(sessionReads[0]).toMatch(/inner join "user"/i);
    expect(sent, sent.join("\n---\n")).toHaveLength(2);
    // Nobody signed in: no query for a session.
    const anonymous = await queriesDuring(env.db, () => call(env.app, "GET", "/api/admin/x@example.com"));
    expect(anonymous).toEqual([]);
  });

  it("sees a change of the user at once: promoted to admin on the next request", async () => {
    const u = await signUp(env.app);
    expect((await whoAmI(env.app, u)).json()).toEqual({ admin: false });
    await env.db.update(user).set({ role: "admin" }).where(eq(user.email, u.email));
    expect((await whoAmI(env.app, u)).json()).toEqual({ admin: true });
  });

  it("refuses a cookie whose signature does not hold, and an expired session", async () => {
    const u = await signUp(env.app);
    const other = await signUp(env.app);
    const [, signature] = decodeURIComponent(other.cookie.split("=")[1] ?? "").split(".");
    const forged = {
      ...u,
      cookie: `better-auth.session_token=${encodeURIComponent(`${tokenOf(u)}.${signature}`)}`,
    };
    expect((await whoAmI(env.app, forged)).statusCode).toBe(401);
    const unsigned = { ...u, cookie: `better-auth.session_token=${tokenOf(u)}` };
    expect((await whoAmI(env.app, unsigned)).statusCode).toBe(401);

    await env.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(u)));
    expect((await whoAmI(env.app, u)).statusCode).toBe(401);
    // Better Auth deleted the expired session it was given.
    expect(
      await env.db
        .select()
        .from(session)
        .where(eq(session.token, tokenOf(u))),
    ).toEqual([]);
  });

  it("reads a session by its token with its user as Better Auth's Drizzle adapter does, in and out of its transactions", async () => {
    const auth = createAuth({
      db: env.db,
      secret: "a-secret-of-at-least-thirty-two-characters",
      publicUrl: testOrigin,
      trustedOrigins: () => [testOrigin],
      adminEmails: [],
      signInAttemptsPerMinute: 100,
      afterAnswer: createAfterAnswer(() => {}),
    });
    const context = await auth.$context;
    const plain = drizzleAdapter(env.db, {
      provider: "pg",
      schema: { user, session, account, verification },
    })(context.options);
    const u = await signUp(env.app);
    await env.db.update(user).set({ role: "admin", image: null }).where(eq(user.email, u.email));
    const read = (token: string) => ({
      model: "session",
      where: [{ field: "token", value: token }],
      join: { user: true },
    });
    const expected = await plain.findOne(read(tokenOf(u)));
    expect(expected).toMatchObject({ token: tokenOf(u), user: { email: u.email, role: "admin" } });
    expect(await context.adapter.findOne(read(tokenOf(u)))).toStrictEqual(expected);
    expect(await context.adapter.transaction((tx) => tx.findOne(read(tokenOf(u))))).toStrictEqual(expected);
    const { user: itsUser, ...itsSession } = expected as { user: unknown };
    expect(await context.internalAdapter.findSession(tokenOf(u))).toStrictEqual({
      session: itsSession,
      user: itsUser,
    });
    expect(await context.adapter.findOne(read("no-such-token"))).toBeNull();
    // Any other read goes to the adapter as it is.
    const byUser = {
      model: "session",
      where: [{ field: "userId", value: (expected as { userId: string }).userId }],
    };
    expect(await context.adapter.findOne(byUser)).toStrictEqual(await plain.findOne(byUser));
  });

  it("moves a session's expiry once a day of use, as Better Auth does", async () => {
    const u = await signUp(env.app);
    // Created 2 days ago: the 30-day session expires in 28 days and is due for its daily refresh.
    const dueAt = new Date(Date.now() + 28 * day);
    await env.db
      .update(session)
      .set({ expiresAt: dueAt })
      .where(eq(session.token, tokenOf(u)));
    expect((await whoAmI(env.app, u)).statusCode).toBe(200);
    const [moved] = await env.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(u)));
    expect(moved?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);

    // Not due (refreshed less than a day ago): left alone.
    const fresh = new Date(Date.now() + 29.5 * day);
    await env.db
      .update(session)
      .set({ expiresAt: fresh })
      .where(eq(session.token, tokenOf(u)));
    expect((await whoAmI(env.app, u)).statusCode).toBe(200);
    const [kept] = await env.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(u)));
    expect(kept?.expiresAt.getTime()).toBe(fresh.getTime());
  });

  it("signs in again after a sign-out with a new session that works", async () => {
    const u = await signUp(env.app);
    await call(env.app, "POST", "/api/auth/sign-out", u, {});
    const again = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, {
      email: u.email,
      password: u.password,
    });
    const back = { ...u, cookie: sessionCookie(again.headers["set-cookie"]) };
    expect((await whoAmI(env.app, back)).json()).toEqual({ admin: false });
  });
});
