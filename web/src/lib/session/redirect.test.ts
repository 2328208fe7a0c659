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

  // Issue 22: the URL parser resolves dot segments (`.`, `..`, `%2e`) after deciding the host, so a
  // path such as `/.//evil` comes out as `//evil`, which a link's href reads as another host.
  const hostileForms = [
    "/.//127.0.0.1:4299/pwned",
    "/./\\127.0.0.1:4299/pwned",
    "/%2e//evil.host/",
    "/%2E//evil.host/",
    "/%2e%2e//evil.host/",
    "/x/..//evil.host",
    "/x/../..//evil.host",
    "/x/%2e%2e//evil.host",
    "/x/.%2e//evil.host",
    "/x/./..//evil.host",
    "/x/..\\/evil.host",
    "/x/..\\\\evil.host",
    "\\x\\..\\\\evil.host",
    "/./\t/evil.host",
    "/.\t//evil.host",
    "/.\n//evil.host",
    "/x/.\r./\t/evil.host",
    "/x/..//127.0.0.1:3000@evil.host/",
    "/.//127.0.0.1:3000/tools",
    "/\\",
    "/\\/",
    "//",
    "///evil.host",
    "/\t\\evil.host",
    "\\\\evil.host",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "javascript://%0aalert(1)",
    "/.//javascript:alert(1)",
    "https:evil.host",
    "https:/evil.host",
    "https:\\\\evil.host",
  ];

  it("refuses paths whose dot segments resolve to another host, in every spelling", () => {
    for (const value of hostileForms) {
      expect(safeRedirect(value, origin), JSON.stringify(value)).toBeUndefined();
    }
    expect(safeRedirect("/tools/./42", origin)).toBe("/tools/42");
    expect(safeRedirect("/a/../tools/%2e/42", origin)).toBe("/tools/42");
  });

  it("keeps an encoded slash or backslash encoded, so it stays part of a path on the shop", () => {
    expect(safeRedirect("/%2F%2Fevil.host", origin)).toBe("/%2F%2Fevil.host");
    expect(safeRedirect("/%5C%5Cevil.host", origin)).toBe("/%5C%5Cevil.host");
    // Double-encoded: what the query string's own decoding leaves stays one more level encoded.
    expect(safeRedirect("%252F%252Fevil.host", origin)).toBe("/%252F%252Fevil.host");
    expect(safeRedirect(decodeURIComponent("%252F.%252F%252Fevil"), origin)).toBe("/%2F.%2F%2Fevil");
  });

  it("gives only a path that a link's href reads as a page of this shop, and as itself", () => {
    const forms = [
      ...hostileForms,
      "/tools/42?x=1#y",
      "/dashboard?next=//evil.host",
      "/a b/ü?q=a b",
      "/%2F%2Fevil.host",
      "%2F%2Fevil.host",
      "./tools",
      "../../tools",
      "tools/1",
      "?x=1",
      "#top",
    ];
    for (const value of forms) {
      const target = safeRedirect(value, origin);
      if (target === undefined) continue;
      const href = new URL(target, origin);
      expect(href.origin, JSON.stringify(value)).toBe(origin);
      expect(target, JSON.stringify(value)).toMatch(/^\/(?![/\\])/);
      expect(`${href.pathname}${href.search}${href.hash}`, JSON.stringify(value)).toBe(target);
      expect(safeRedirect(target, origin), JSON.stringify(value)).toBe(target);
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
    expect(loginPath("/.//evil", origin)).toBe("/login");
  });
});
