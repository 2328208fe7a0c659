import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { signUp } from "../test/sessions";
import { describeEachDatabase, TestEnv } from "../test/test-env";
import { indexScriptHashes, inlineScriptHashes, serveWebApp } from "../web/static";
import { installErrorHandlers } from "./errors";
import { identityProviderPictureSources, securityHeaders } from "./security-headers";

/** The policy's directives by name. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

const stripeKeys = {
  STRIPE_SECRET_KEY: "sk_test_headers",
  STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
  STRIPE_WEBHOOK_SECRET: "whsec_headers",
};

describeEachDatabase("security headers on every response", (env) => {
  const responses = () => [
    env.app.inject({ method: "GET", url: "/api/health" }),
    env.app.inject({ method: "GET", url: "/api/service?page=1" }),
    env.app.inject({ method: "GET", url: "/api/no-such-thing" }),
    env.app.inject({ method: "POST", url: "/api/review", headers: { origin: "https://evil.example" } }),
    env.app.inject({ method: "POST", url: "/api/review", payload: {} }),
  ];

  it("sets the policy, nosniff, the referrer and permissions policies, and forbids framing", async () => {
    for (const res of await Promise.all(responses())) {
      const where = `${res.statusCode} ${res.body.slice(0, 60)}`;
      const policy = csp(res.headers["content-security-policy"]);
      expect(policy.get("default-src"), where).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), where).toEqual(["'none'"]);
      expect(policy.get("object-src"), where).toEqual(["'none'"]);
      expect(policy.get("base-uri"), where).toEqual(["'self'"]);
      expect(policy.get("form-action"), where).toEqual(["'self'"]);
      expect(policy.get("img-src"), where).toEqual(["'self'", "data:", "blob:"]);
      expect(policy.get("script-src"), where).toEqual(["'self'"]);
      expect(policy.get("connect-src"), where).toEqual(["'self'", "blob:"]);
      expect(policy.has("upgrade-insecure-requests"), where).toBe(false);
      expect(res.headers["x-content-type-options"], where).toBe("nosniff");
      expect(res.headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"], where).toBe("DENY");
      expect(res.headers["permissions-policy"], where).toMatch(/(^|, )camera=\(\)/);
      expect(res.headers["permissions-policy"], where).toMatch(/geolocation=\(\)/);
      expect(res.headers["permissions-policy"], where).toMatch(/payment=\(\)/);
      // PUBLIC_URL is http://localhost:3000 in the tests: no HSTS on plain HTTP.
      expect(res.headers["strict-transport-security"], where).toBeUndefined();
    }
  });

  it("sets them on Better Auth's answers too", async () => {
    const me = await signUp(env.app);
    const res = await env.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

/** One app on PGlite per configuration (the headers do not depend on the database). */
function appWith(overrides: Record<string, string>) {
  const env = new TestEnv("pglite", overrides);
  beforeAll(() => env.start());
  afterAll(() => env.stop());
  return env;
}

describe("security headers follow the configuration", () => {
  describe("with Stripe, at an https PUBLIC_URL", () => {
    const env = appWith({ ...stripeKeys, PUBLIC_URL: "https://shop.example" });

    it("allows Stripe's hosts, upgrades requests and sends HSTS", async () => {
      const res = await env.app.inject({ method: "GET", url: "/api/health" });
      const policy = csp(res.headers["content-security-policy"]);
      expect(policy.get("script-src")).toEqual([
        "'self'",
        "https://js.stripe.com",
        "https://*.js.stripe.com",
      ]);
      expect(policy.get("connect-src")).toEqual([
        "'self'",
        "blob:",
        "https://api.stripe.com",
        "https://m.stripe.network",
      ]);
      expect(policy.get("frame-src")).toEqual([
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        "https://hooks.stripe.com",
      ]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect(policy.has("upgrade-insecure-requests")).toBe(true);
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=31536000/);
      expect(res.headers["permissions-policy"]).toMatch(/payment=\(self "https:\/\/js\.stripe\.com"\)/);
    });
  });

  describe("without Stripe, PUBLIC_URL unset", () => {
    const env = appWith({ PUBLIC_URL: "" });
    it("names no Stripe host, allows no frames, and sends no HSTS", async () => {
      const res = await env.app.inject({ method: "GET", url: "/api/health" });
      const policy = csp(res.headers["content-security-policy"]);
      expect(policy.get("frame-src")).toEqual(["'none'"]);
      expect(String(res.headers["content-security-policy"])).not.toContain("stripe");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(policy.has("upgrade-insecure-requests")).toBe(false);
    });
  });

  describe("with an http PUBLIC_URL", () => {
    const env = appWith({ PUBLIC_URL: "http://shop.example" });
    it("sends no HSTS and does not upgrade requests", async () => {
      const res = await env.app.inject({ method: "GET", url: "/api/health" });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(csp(res.headers["content-security-policy"]).has("upgrade-insecure-requests")).toBe(false);
    });
  });

  it("allows the identity provider's pictures: Google's host, or a stand-in issuer's origin", async () => {
    expect(
      identityProviderPictureSources(
        loadConfig({ GOOGLE_CLIENT_ID: "a", GOOGLE_CLIENT_SECRET: "b" }).google?.discoveryUrl,
      ),
    ).toEqual(["https://*.googleusercontent.com"]);
    const oidc = loadConfig({
      OIDC_ISSUER: "http://127.0.0.1:4100/oidc",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
    });
    expect(identityProviderPictureSources(oidc.google?.discoveryUrl)).toEqual(["http://127.0.0.1:4100"]);
    expect(identityProviderPictureSources(undefined)).toEqual([]);

    const app = Fastify();
    await securityHeaders(app, {
      publicUrl: undefined,
      stripe: false,
      identityProviderDiscoveryUrl: oidc.google?.discoveryUrl,
      inlineScriptHashes: () => [],
    });
    app.get("/", async () => "ok");
    const res = await app.inject({ method: "GET", url: "/" });
    expect(csp(res.headers["content-security-policy"]).get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "http://127.0.0.1:4100",
    ]);
    await app.close();
  });
});

describe("the page's inline scripts are allowed by their hashes, and only they", () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-csp-web-"));
  const first = 'console.log("first");';
  const second = "\n      window.second = 2;\n    ";
  const page = (extra = "") =>
    `<!doctype html><html><head><script>${first}</script><script type="module" crossorigin src="/assets/a.js"></script></head>` +
    `<body><div id="root"></div><script>${second}</script>${extra}</body></html>`;
  const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.writeFileSync(path.join(distDir, "index.html"), page());
    app = Fastify();
    installErrorHandlers(app);
    await securityHeaders(app, {
      publicUrl: undefined,
      stripe: false,
      identityProviderDiscoveryUrl: undefined,
      inlineScriptHashes: () => indexScriptHashes(distDir),
    });
    await serveWebApp(app, { publicUrl: "http://localhost:3000", distDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("hashes each inline script's text exactly, and not the ones loaded by src", () => {
    expect(inlineScriptHashes(page())).toEqual([sha(first), sha(second)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT async>x()</SCRIPT >')).toEqual([
      sha("x()"),
    ]);
  });

  it("lists the hashes in the page's script-src, with the stricter rest of the policy", async () => {
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers["content-security-policy"]);
    expect(policy.get("script-src")).toEqual(["'self'", sha(first), sha(second)]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("follows a rebuild of the page without a restart", async () => {
    const third = "window.third = 3;";
    fs.writeFileSync(path.join(distDir, "index.html"), page(`<script>${third}</script>`));
    // A new modification time even on a coarse clock.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(distDir, "index.html"), later, later);
    const res = await app.inject({ method: "GET", url: "/login" });
    expect(csp(res.headers["content-security-policy"]).get("script-src")).toEqual([
      "'self'",
      sha(first),
      sha(second),
      sha(third),
    ]);
  });
});
