import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessionAnswer } from "../../contract/answers";
import { call } from "../test/requests";
import { adminEmail, sessionCookie, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { accountSignInRule } from "./sign-in-limit";
import { user as userTable } from "./tables";

describeEachDatabase(
  "accounts: sign-up, sign-in, sessions",
  (env) => {
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      call(env.app, "POST", url, undefined, payload, { headers });

    it("signs a user up with a session cookie that JavaScript cannot read", async () => {
      const res = await post("/api/auth/sign-up/email", {
        name: "Amina",
        email: "amina@example.com",
        password: "long-enough",
      });
      expect(res.statusCode).toBe(200);
      const cookie = String(res.headers["set-cookie"]);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const session = await env.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie: sessionCookie(res.headers["set-cookie"]) },
      });
      expect(session.json().user).toMatchObject({ name: "Amina", email: "amina@example.com", role: "user" });
      // As the web app reads it (contract/answers.ts).
      expect(sessionAnswer.parse(session.json())).toEqual({
        id: expect.any(String),
        name: "Amina",
        email: "amina@example.com",
        image: null,
        role: "user",
        emailVerified: false,
      });
    });

    it("ignores a role in the sign-up body and keeps the session token out of the response body", async () => {
      const res = await post("/api/auth/sign-up/email", {
        name: "Mallory",
        email: "mallory@example.com",
        password: "long-enough",
        role: "admin",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe("user");
      expect(res.json()).not.toHaveProperty("token");
      const flag = await env.app.inject({
        method: "GET",
        url: "/api/admin/mallory@example.com",
        headers: { cookie: sessionCookie(res.headers["set-cookie"]) },
      });
      expect(flag.json()).toEqual({ admin: false });
    });

    it.each([
      [{ name: "", email: "a@example.com", password: "long-enough" }, "Name is Required"],
      [{ name: "A", email: "", password: "long-enough" }, "Email is Required"],
      [{ name: "A", email: "not-an-email", password: "long-enough" }, "Provide a valid Email"],
      [{ name: "A", email: "a@example.com", password: "" }, "Password is Required"],
      [{ name: "A", email: "a@example.com", password: "short" }, "Must be 8 characters"],
    ])("refuses sign-up %j with the spec's message", async (body, error) => {
      const res = await post("/api/auth/sign-up/email", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    });

    it("refuses a second account with the same email", async () => {
      const first = await signUp(env.app);
      const res = await post("/api/auth/sign-up/email", {
        name: "Twin",
        email: first.email,
        password: "another-pass",
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toMatch(/already exists/i);
    });

    it("signs in with the right password, refuses a wrong one, and signs out", async () => {
      const u = await signUp(env.app);
      const wrong = await post("/api/auth/sign-in/email", { email: u.email, password: "wrong-password" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toMatch(/invalid email or password/i);

      const ok = await post("/api/auth/sign-in/email", { email: u.email, password: u.password });
      expect(ok.statusCode).toBe(200);
      const cookie = sessionCookie(ok.headers["set-cookie"]);
      const session = await env.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie },
      });
      expect(session.json().user.email).toBe(u.email);

      const out = await post("/api/auth/sign-out", {}, { cookie });
      expect(out.statusCode).toBe(200);
      const after = await env.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie },
      });
      expect(after.json()).toBeNull();
      expect(sessionAnswer.parse(after.json())).toBeNull();
    });

    it("refuses a sign-in posted from another site", async () => {
      const u = await signUp(env.app);
      const res = await post(
        "/api/auth/sign-in/email",
        { email: u.email, password: u.password },
        { origin: "https://evil.example" },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toHaveProperty("error");
    });

    it("makes accounts listed in ADMIN_EMAILS admins", async () => {
      const boss = await signUp(env.app, { email: adminEmail });
      const res = await env.app.inject({
        method: "GET",
        url: `/api/admin/${adminEmail}`,
        headers: { cookie: boss.cookie },
      });
      expect(res.json()).toEqual({ admin: true });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describeEachDatabase(
  "accounts: who may call the role routes",
  (env) => {
    let user: TestUser;
    let other: TestUser;
    let admin: TestUser;

    it("sets up a user, another user and an admin", async () => {
      user = await signUp(env.app);
      other = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
    });

    it("GET /api/admin/{email}: 401 anonymous, own flag for a user, 403 for another's, admins ask about anyone", async () => {
      expect((await call(env.app, "GET", `/api/admin/${user.email}`)).statusCode).toBe(401);
      const own = await call(env.app, "GET", `/api/admin/${user.email}`, user);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ admin: false });
      const others = await call(env.app, "GET", `/api/admin/${other.email}`, user);
      expect(others.statusCode).toBe(403);
      expect(others.json()).toHaveProperty("error");
      expect((await call(env.app, "GET", `/api/admin/${user.email}`, admin)).json()).toEqual({
        admin: false,
      });
      expect((await call(env.app, "GET", `/api/admin/${admin.email}`, admin)).json()).toEqual({
        admin: true,
      });
      expect((await call(env.app, "GET", "/api/admin/not-an-email", admin)).statusCode).toBe(400);
    });

    it("GET /api/user: 401 anonymous, 403 user, the list with its total for an admin", async () => {
      expect((await call(env.app, "GET", "/api/user")).statusCode).toBe(401);
      expect((await call(env.app, "GET", "/api/user", user)).statusCode).toBe(403);
      const res = await call(env.app, "GET", "/api/user", admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("3");
      const emails = res.json().map((u: { email: string }) => u.email);
      expect(emails.sort()).toEqual([user.email, other.email, admin.email].sort());
      expect(res.json()[0]).not.toHaveProperty("password");
    });

    it("PUT /api/user/admin/{email}: 401 anonymous, 403 user, promotes for an admin, 404 unknown", async () => {
      expect((await call(env.app, "PUT", `/api/user/admin/${other.email}`)).statusCode).toBe(401);
      const refused = await call(env.app, "PUT", `/api/user/admin/${other.email}`, user);
      expect(refused.statusCode).toBe(403);
      expect((await call(env.app, "GET", `/api/admin/${other.email}`, admin)).json()).toEqual({
        admin: false,
      });

      const promoted = await call(env.app, "PUT", `/api/user/admin/${other.email}`, admin);
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toEqual({ modifiedCount: 1 });
      expect((await call(env.app, "GET", `/api/admin/${other.email}`, other)).json()).toEqual({
        admin: true,
      });
      expect((await call(env.app, "PUT", `/api/user/admin/${other.email}`, admin)).json()).toEqual({
        modifiedCount: 0,
      });
      expect((await call(env.app, "PUT", "/api/user/admin/nobody@example.com", admin)).statusCode).toBe(404);
    });

    it("PUT /api/user/admin/{email}: 409 saying why for an account whose address is not verified", async () => {
      const unverified = await signUp(env.app, {}, { verified: false });
      const res = await call(env.app, "PUT", `/api/user/admin/${unverified.email}`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: `${unverified.email} has not verified their email address yet. Only a verified account can be made an admin: ask them to open the link we mailed them, then try again.`,
      });
      expect((await call(env.app, "GET", `/api/admin/${unverified.email}`, admin)).json()).toEqual({
        admin: false,
      });
      const listed = (await call(env.app, "GET", "/api/user?limit=100", admin)).json();
      expect(listed.find((u: { email: string }) => u.email === unverified.email)).toMatchObject({
        emailVerified: false,
      });
    });

    it("promotes accounts whose email the sign-up form's simple pattern would not take (e.g. from Google)", async () => {
      await env.db
        .insert(userTable)
        .values({ id: "google-user", name: "G", email: "g.user@mail-server.com", emailVerified: true });
      const res = await call(env.app, "PUT", "/api/user/admin/g.user@mail-server.com", admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect((await call(env.app, "GET", "/api/admin/g.user@mail-server.com", admin)).json()).toEqual({
        admin: true,
      });
    });

    it("refuses a role change posted from another site even with an admin's cookie", async () => {
      const res = await env.app.inject({
        method: "PUT",
        url: `/api/user/admin/${user.email}`,
        headers: { origin: "https://evil.example", cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect((await call(env.app, "GET", `/api/admin/${user.email}`, admin)).json()).toEqual({
        admin: false,
      });
    });

    it("cannot change a role through Better Auth's update-user", async () => {
      const res = await env.app.inject({
        method: "POST",
        url: "/api/auth/update-user",
        headers: { origin: testOrigin, cookie: user.cookie },
        payload: { role: "admin", name: "Renamed" },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect((await call(env.app, "GET", `/api/admin/${user.email}`, user)).json()).toEqual({ admin: false });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describeEachDatabase(
  "accounts: sign-in is rate limited per address",
  (env) => {
    // Better Auth keeps its in-memory counters per process, so each database's run uses its own address.
    it("answers the 11th attempt in a minute with 429 and an {error}", async () => {
      // A different account each time, so only the address's limit applies (not the account's).
      const wrongSignIn = (i: number) => ({ email: `nobody${i}@example.com`, password: "wrong-password" });
      const statuses: number[] = [];
      let last: { error?: string } = {};
      for (let i = 0; i < 11; i++) {
        const res = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, wrongSignIn(i), {
          remoteAddress: env.kind === "pglite" ? "203.0.113.7" : "203.0.113.8",
        });
        statuses.push(res.statusCode);
        last = res.json();
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(last.error).toMatch(/too many/i);

      const elsewhere = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, wrongSignIn(10), {
        remoteAddress: "198.51.100.9",
      });
      expect(elsewhere.statusCode).toBe(401);
    });
  },
  { AUTH_RATE_LIMIT: "10" },
);

describeEachDatabase("accounts: sign-in is limited per account, whatever the address", (env) => {
  const { limit, windowMs } = accountSignInRule;
  // Each test makes a dozen or more password checks (scrypt): slow on a busy machine.
  const slow = { timeout: 120_000 };
  let address = 0;
  /** Each attempt from another address, as a botnet would send them. */
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    call(
      env.app,
      "POST",
      "/api/auth/sign-in/email",
      undefined,
      { email, password },
      {
        remoteAddress: `10.${Math.floor(++address / 250)}.${address % 250}.1`,
        headers,
      },
    );
  const failures = async (u: TestUser, n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await signIn(u.email, "wrong-password")).statusCode);
    return statuses;
  };

  it(
    `refuses the account after ${limit} wrong passwords from ${limit} addresses, the right one too, saying when to retry`,
    slow,
    async () => {
      const u = await signUp(env.app);
      expect(await failures(u, limit)).toEqual(Array(limit).fill(401));

      const refused = await signIn(u.email, u.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: "Too many failed sign-ins for this account. Please try again in 15 minutes.",
      });
      const wait = Number(refused.headers["retry-after"]);
      expect(wait).toBeGreaterThan(windowMs / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(windowMs / 1000);
      // The email is one account whatever its case or spaces.
      expect((await signIn(` ${u.email.toUpperCase()} `, u.password)).statusCode).toBe(429);

      // Other accounts are not affected.
      const other = await signUp(env.app);
      expect((await signIn(other.email, "wrong-password")).statusCode).toBe(401);
      expect((await signIn(other.email, other.password)).statusCode).toBe(200);
    },
  );

  it(
    "lets the owner in from a device still signed in to the account, which ends the refusal for every device",
    slow,
    async () => {
      const u = await signUp(env.app);
      const other = await signUp(env.app);
      await failures(u, limit);
      expect((await signIn(u.email, u.password)).statusCode).toBe(429);
      // Another account's session is no pass.
      expect((await signIn(u.email, u.password, { cookie: other.cookie })).statusCode).toBe(429);

      const known = await signIn(u.email, u.password, { cookie: u.cookie });
      expect(known.statusCode).toBe(200);
      expect((await signIn(u.email, u.password)).statusCode).toBe(200);
    },
  );

  it(
    "counts failures only: a successful sign-in starts the count again, and requests refused for other reasons do not count",
    slow,
    async () => {
      const u = await signUp(env.app);
      expect(await failures(u, limit - 1)).toEqual(Array(limit - 1).fill(401));
      expect((await signIn(u.email, u.password)).statusCode).toBe(200);
      expect(await failures(u, limit - 1)).toEqual(Array(limit - 1).fill(401));

      for (let i = 0; i < limit + 2; i++) {
        const malformed = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, {
          email: u.email,
          password: 12345678,
        });
        expect(malformed.statusCode).toBe(400);
      }
      expect((await signIn(u.email, u.password)).statusCode).toBe(200);
    },
  );

  it(`lets exactly ${limit} of 30 simultaneous guesses through to the password check`, slow, async () => {
    const u = await signUp(env.app);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => signIn(u.email, "wrong-password").then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
  });

  it(
    "treats an unknown email like any account, so the answers do not reveal which accounts exist",
    slow,
    async () => {
      const ghost = { email: `ghost.${Date.now()}@example.com`, password: "x", name: "", cookie: "" };
      expect(await failures(ghost, limit)).toEqual(Array(limit).fill(401));
      expect((await signIn(ghost.email, "wrong-password")).statusCode).toBe(429);
    },
  );
});

describeEachDatabase("accounts: names and pictures follow the sign-up rules", (env) => {
  const photo = `/uploads/${"ab12".repeat(8)}.webp`;
  const update = (who: TestUser | undefined, payload: unknown) =>
    call(env.app, "POST", "/api/auth/update-user", who, payload);
  const me = async (who: TestUser) =>
    (await call(env.app, "GET", "/api/auth/get-session", who)).json().user as {
      name: string;
      image: string | null;
    };

  const longName = "x".repeat(5_000);
  const refusals: [unknown, string][] = [
    [{ name: "" }, "Name is Required"],
    [{ name: "   " }, "Name is Required"],
    [{ name: longName }, "Use at most 120 characters"],
    [{ name: null }, "Name is Required"],
    [{ name: 42 }, "Name is Required"],
    [{ image: "https://tracker.example/pixel.gif" }, "The picture must be a photo uploaded to this shop"],
    [{ image: "//tracker.example/uploads/x.webp" }, "The picture must be a photo uploaded to this shop"],
    [{ image: `https://tracker.example${photo}` }, "The picture must be a photo uploaded to this shop"],
    [{ image: `${testOrigin}.evil.example${photo}` }, "The picture must be a photo uploaded to this shop"],
    [{ image: "/uploads/../api/user" }, "The picture must be a photo uploaded to this shop"],
    [{ image: `${photo}?track=1` }, "The picture must be a photo uploaded to this shop"],
    [{ image: "javascript:alert(1)" }, "The picture must be a photo uploaded to this shop"],
    [{ image: "" }, "The picture must be a photo uploaded to this shop"],
    [{ image: 7 }, "The picture must be a photo uploaded to this shop"],
    [["name"], "Send the account's changes as a JSON object"],
  ];
  it.each(
    refusals.map(([payload, error]) => [JSON.stringify(payload).slice(0, 50), payload, error] as const),
  )("update-user refuses %s with 400 and changes nothing", async (_label, payload, error) => {
    const u = await signUp(env.app);
    const res = await update(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
    expect(await me(u)).toMatchObject({ name: u.name, image: null });
  });

  it("update-user takes a name under the sign-up rules (trimmed) and a photo uploaded here, by path or at the shop's address", async () => {
    const u = await signUp(env.app);
    expect((await update(u, { name: "  Amina Rahman  " })).statusCode).toBe(200);
    expect(await me(u)).toMatchObject({ name: "Amina Rahman", image: null });

    expect((await update(u, { image: photo })).statusCode).toBe(200);
    expect((await me(u)).image).toBe(photo);
    const thumb = `${testOrigin}/uploads/${"cd34".repeat(8)}.thumb.webp`;
    expect((await update(u, { name: "Amina", image: thumb })).statusCode).toBe(200);
    expect(await me(u)).toMatchObject({ name: "Amina", image: thumb });

    expect((await update(u, { image: null })).statusCode).toBe(200);
    expect((await me(u)).image).toBeNull();
    // Still only for a signed-in user.
    expect((await update(undefined, { name: "Nobody" })).statusCode).toBe(401);
  });

  it("keeps the stored name when an empty one is sent (the name orders are placed under)", async () => {
    const u = await signUp(env.app);
    await update(u, { name: "" });
    const [row] = await env.db.select().from(userTable).where(eq(userTable.email, u.email));
    expect(row?.name).toBe(u.name);
  });

  it.each([
    [{ image: "https://tracker.example/pixel.gif" }, "The picture must be a photo uploaded to this shop"],
    [{ name: "x".repeat(121) }, "Use at most 120 characters"],
    [{ name: "   " }, "Name is Required"],
  ])("sign-up refuses %j with 400", async (fields, error) => {
    const res = await call(env.app, "POST", "/api/auth/sign-up/email", undefined, {
      name: "Fine Name",
      email: `rules.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      password: "long-enough",
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(error);
  });

  it("sign-up stores the trimmed name and takes a photo uploaded here", async () => {
    const res = await call(env.app, "POST", "/api/auth/sign-up/email", undefined, {
      name: "  Karim  ",
      email: `karim.${Date.now()}@example.com`,
      password: "long-enough",
      image: photo,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: "Karim", image: photo });
  });
});
