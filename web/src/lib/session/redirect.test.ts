import { describe, expect, it } from "vitest";
import { loginPath, safeRedirect } from "./redirect";

const origin = "http://127.0.0.1:3000";

describe("?redirect= after sign-in", () => {
  it("keeps a page of this shop, with its query and fragment", () => {
    expect(safeRedirect("/tools/42", origin)).toBe("/tools/42");
    expect(safeRedirect("/dashboard?status=paid#top", origin)).toBe("/dashboard?status=paid#top");
    expect(safeRedirect("/", origin)).toBe("/");
    expect(safeRedirect(`${origin}/tools`, origin)).toBe("/tools");
  });

  it("refuses every form that leaves the shop, as the browser would read it", () => {
    for (const value of [
      "/\t/evil.host/",
      "/\n/evil",
      "/\r/evil",
      "/\r\n/evil.host/",
      "\t//evil.host",
      "//evil",
      "//evil.host/path",
      "/\\evil",
      "\\\\evil",
      "/\\/evil",
      "https://evil",
      "http://127.0.0.1:3001/",
      "https://127.0.0.1:3000/",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,hi",
      "http://[",
    ]) {
      expect(safeRedirect(value, origin), JSON.stringify(value)).toBeUndefined();
    }
  });

  it("never returns to the sign-in screens themselves", () => {
    for (const value of ["/login", "/login?redirect=/x", "/signup", "/SignUp/", "/tools/../login"]) {
      expect(safeRedirect(value, origin), value).toBeUndefined();
    }
    expect(safeRedirect("/login-help", origin)).toBe("/login-help");
  });

  it("has nothing to return to without a value", () => {
    expect(safeRedirect(null, origin)).toBeUndefined();
    expect(safeRedirect(undefined, origin)).toBeUndefined();
    expect(safeRedirect("", origin)).toBeUndefined();
  });

  it("builds /login with the page to return to, or without one", () => {
    expect(loginPath("/tools/1?x=1", origin)).toBe(`/login?redirect=${encodeURIComponent("/tools/1?x=1")}`);
    expect(loginPath("/", origin)).toBe("/login");
    expect(loginPath("//evil", origin)).toBe("/login");
  });
});
