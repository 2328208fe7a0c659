import { expect, it } from "vitest";
import { call } from "../test/requests";
import { adminEmail, sessionCookie, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
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

    it("promotes accounts whose email the sign-up form's simple pattern would not take (e.g. from Google)", async () => {
      await env.db
        .insert(userTable)
        .values({ id: "google-user", name: "G", email: "g.user@mail-server.com" });
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
      const wrongSignIn = { email: "nobody@example.com", password: "wrong-password" };
      const statuses: number[] = [];
      let last: { error?: string } = {};
      for (let i = 0; i < 11; i++) {
        const res = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, wrongSignIn, {
          remoteAddress: env.kind === "pglite" ? "203.0.113.7" : "203.0.113.8",
        });
        statuses.push(res.statusCode);
        last = res.json();
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(last.error).toMatch(/too many/i);

      const elsewhere = await call(env.app, "POST", "/api/auth/sign-in/email", undefined, wrongSignIn, {
        remoteAddress: "198.51.100.9",
      });
      expect(elsewhere.statusCode).toBe(401);
    });
  },
  { AUTH_RATE_LIMIT: "10" },
);
