import { describe, expect, it } from "vitest";
import { call } from "../test/requests";
import { sessionCookie, signUp } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { withSignedInHint } from "./session-hint";

/** The Set-Cookie header of `name` among a response's. */
function setCookie(headers: string | string[] | undefined, name: RegExp): string | undefined {
  const all = Array.isArray(headers) ? headers : headers ? [headers] : [];
  return all.find((cookie) => name.test(cookie.split("=")[0] ?? ""));
}

const session = /^(?:__Secure-)?better-auth\.session_token$/;
const hint = /^signed_in$/;

describeEachDatabase("accounts: the signed-in hint beside the session cookie", (env) => {
  it("is set with the session cookie, readable by the page, for as long, and cleared with it", async () => {
    const signedUp = await call(env.app, "POST", "/api/auth/sign-up/email", undefined, {
      name: "Hinted",
      email: "hinted@example.com",
      password: "long-enough",
    });
    expect(signedUp.statusCode).toBe(200);
    const sessionSet = setCookie(signedUp.headers["set-cookie"], session);
    const hintSet = setCookie(signedUp.headers["set-cookie"], hint);
    expect(sessionSet).toMatch(/HttpOnly/i);
    expect(hintSet).toMatch(/^signed_in=1;/);
    expect(hintSet).not.toMatch(/HttpOnly/i);
    expect(hintSet).toMatch(/SameSite=Lax/i);
    expect(hintSet).toMatch(/Path=\//);
    expect(hintSet?.match(/Max-Age=\d+/i)?.[0]).toBe(sessionSet?.match(/Max-Age=\d+/i)?.[0]);

    const cookie = sessionCookie(signedUp.headers["set-cookie"]);
    const out = await env.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: "http://localhost:3000" },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(setCookie(out.headers["set-cookie"], session)).toMatch(/Max-Age=0/i);
    expect(setCookie(out.headers["set-cookie"], hint)).toMatch(/^signed_in=;.*Max-Age=0/i);
  });

  it("grants nothing: with the hint alone nobody is signed in", async () => {
    const user = await signUp(env.app);
    const hintOnly = await env.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: "signed_in=1" },
    });
    expect(hintOnly.json()).toBeNull();
    expect(
      (await call(env.app, "GET", `/api/admin/${user.email}`, { ...user, cookie: "signed_in=1" })).statusCode,
    ).toBe(401);
  });
});

describe("withSignedInHint", () => {
  it("copies a secure session cookie's lifetime and scope, not its HttpOnly", () => {
    const cookies = [
      "__Secure-better-auth.session_token=abc.def; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax",
    ];
    expect(withSignedInHint(cookies)).toEqual([
      ...cookies,
      "signed_in=1; Max-Age=2592000; Path=/; Secure; SameSite=Lax",
    ]);
  });

  it("adds nothing to an answer that leaves the session cookie alone", () => {
    expect(withSignedInHint([])).toEqual([]);
    const other = ["better-auth.state=xyz; Max-Age=600; Path=/; HttpOnly; SameSite=Lax"];
    expect(withSignedInHint(other)).toEqual(other);
  });
});
