import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenMessages } from "../../contract/api-tokens";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { installErrorHandlers } from "../http/errors";
import { openTestDatabase, testConfig } from "../test/test-env";
import {
  bearerToken,
  installAccess,
  type RouteAccess,
  routeAccessTable,
  signedInUser,
  undeclaredRoutes,
} from "./access";
import type { SessionUser } from "./guards";

const buyer: SessionUser = { id: "u1", email: "buyer@example.com", name: "Buyer", role: "user", image: null };
const admin: SessionUser = { ...buyer, id: "a1", email: "admin@example.com", role: "admin" };

/** An app whose "session" is the x-who header (buyer or admin), counting the session reads. */
function appWithAccess() {
  const app = Fastify();
  installErrorHandlers(app);
  const reads = { count: 0 };
  installAccess(app, async (request: FastifyRequest) => {
    reads.count++;
    const who = request.headers["x-who"];
    return who === "admin" ? admin : who === "buyer" ? buyer : undefined;
  });
  return { app, reads };
}

describe("access declared on every route", () => {
  it("refuses a route that declares no access, naming its method and URL", () => {
    const { app } = appWithAccess();
    expect(() => app.get("/api/forgotten", async () => "open")).toThrow(
      'GET /api/forgotten declares no access: add { config: { access: "public" | "user" | "admin" } }',
    );
    expect(() =>
      app.route({ method: ["GET", "POST"], url: "/api/other/*", handler: async () => "open" }),
    ).toThrow("GET,POST /api/other/* declares no access");
    expect(() => app.get("/sitemap-2.xml", { config: {} }, async () => "open")).toThrow(
      "GET /sitemap-2.xml declares no access",
    );
  });

  it("refuses an access that is not one of public, user, admin", () => {
    const { app } = appWithAccess();
    const config = { access: "admins" as never };
    expect(() => app.post("/api/typo", { config }, async () => "open")).toThrow(
      "POST /api/typo declares no access",
    );
  });

  it("refuses to start when a plugin adds such a route", async () => {
    const { app } = appWithAccess();
    app.register(async (scope) => {
      scope.delete("/api/in-a-plugin/:id", async () => "open");
    });
    await expect(app.ready()).rejects.toThrow("DELETE /api/in-a-plugin/:id declares no access");
  });

  it("lets only the listed library routes go undeclared (the web app's files)", async () => {
    expect(undeclaredRoutes.map((r) => `${r.methods} ${r.url}`)).toEqual(["GET,HEAD /*"]);
    const { app } = appWithAccess();
    app.route({ method: ["HEAD", "GET"], url: "/*", handler: async () => "file" });
    await app.ready();
    expect(routeAccessTable(app)).toEqual([{ method: "GET,HEAD", url: "/*", access: "undeclared" }]);
    expect(() => app.route({ method: "POST", url: "/*", handler: async () => "" })).toThrow();
  });

  describe("enforced before the handler runs", () => {
    const { app, reads } = appWithAccess();
    const ran: string[] = [];
    const handled = (name: string) => async (request: FastifyRequest) => {
      ran.push(name);
      return { me: signedInUser(request).email };
    };
    app.get("/api/open", { config: { access: "public" } }, async (request) => {
      ran.push("open");
      return { user: request.user };
    });
    app.get("/api/peek", { config: { access: "public", readsSession: true } }, async (request) => ({
      me: request.user?.email ?? null,
    }));
    app.post("/api/mine", { config: { access: "user" } }, handled("mine"));
    app.post(
      "/api/mine-2",
      { config: { access: "user", signInMessage: "No user is logged in" } },
      handled("mine-2"),
    );
    app.get("/api/all", { config: { access: "admin" } }, handled("all"));
    app.get("/api/open-by-mistake", { config: { access: "public" } }, handled("mistake"));
    beforeAll(() => app.ready());
    afterAll(() => app.close());

    const send = (method: "GET" | "POST" | "HEAD", url: string, who?: "buyer" | "admin") =>
      app.inject({ method, url, headers: who ? { "x-who": who } : {} });

    it("public: anyone, and the session is not read", async () => {
      reads.count = 0;
      const res = await send("GET", "/api/open");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect((await send("GET", "/api/open", "admin")).json()).toEqual({ user: null });
      expect(reads.count).toBe(0);
    });

    it("public with readsSession: anyone, and the handler sees who is signed in", async () => {
      expect((await send("GET", "/api/peek")).json()).toEqual({ me: null });
      expect((await send("GET", "/api/peek", "buyer")).json()).toEqual({ me: buyer.email });
    });

    it("user: 401 for visitors (the route's own message if it has one), the handler gets the user", async () => {
      ran.length = 0;
      const anonymous = await send("POST", "/api/mine");
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: "Please sign in first" });
      const custom = await send("POST", "/api/mine-2");
      expect(custom.statusCode).toBe(401);
      expect(custom.json()).toEqual({ error: "No user is logged in" });
      expect(ran).toEqual([]);

      for (const who of ["buyer", "admin"] as const) {
        const res = await send("POST", "/api/mine", who);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ me: (who === "admin" ? admin : buyer).email });
      }
      expect(ran).toEqual(["mine", "mine"]);
    });

    it("admin: 401 for visitors, 403 for users, the handler gets the admin; HEAD is checked alike", async () => {
      ran.length = 0;
      expect((await send("GET", "/api/all")).statusCode).toBe(401);
      const user = await send("GET", "/api/all", "buyer");
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ error: "Only admins can do that" });
      expect((await send("HEAD", "/api/all")).statusCode).toBe(401);
      expect((await send("HEAD", "/api/all", "buyer")).statusCode).toBe(403);
      expect(ran).toEqual([]);
      const res = await send("GET", "/api/all", "admin");
      expect(res.json()).toEqual({ me: admin.email });
      expect(ran).toEqual(["all"]);
    });

    it("a public handler that asks for the signed-in user is a bug: 500, never someone's data", async () => {
      const res = await send("GET", "/api/open-by-mistake", "admin");
      expect(res.statusCode).toBe(500);
    });
  });
});

describe("a Bearer access token", () => {
  // The x-who fake's tokens: "buyer-orders" (orders:read), "admin-all" (every scope); anything else
  // is unknown. "limited" is over its account's limit.
  const app = Fastify();
  installErrorHandlers(app);
  const reads = { session: 0, counted: [] as string[] };
  installAccess(
    app,
    async (request) => {
      reads.session++;
      return request.headers["x-who"] === "admin" ? admin : undefined;
    },
    {
      authenticate: async (token) =>
        token === "buyer-orders"
          ? { user: buyer, scopes: ["orders:read"], tokenId: "t1" }
          : token === "admin-all"
            ? {
                user: admin,
                scopes: ["catalog:read", "orders:read", "orders:write", "invoices:read"],
                tokenId: "t2",
              }
            : token === "limited"
              ? { user: { ...buyer, id: "u2" }, scopes: ["orders:read"], tokenId: "t3" }
              : undefined,
      countRequest: async (userId) => {
        reads.counted.push(userId);
        return userId === "u2" ? 42 : undefined;
      },
    },
  );
  const me = async (request: FastifyRequest) => ({ me: request.user?.email ?? null });
  app.get("/api/open", { config: { access: "public" } }, me);
  app.post("/api/open", { config: { access: "public" } }, me);
  app.get("/api/catalog", { config: { access: "public", scope: "catalog:read" } }, me);
  app.get("/api/orders", { config: { access: "user", scope: "orders:read" } }, me);
  app.post("/api/orders", { config: { access: "user", scope: "orders:write" } }, me);
  app.get("/api/settings", { config: { access: "user" } }, me);
  app.get("/api/all", { config: { access: "admin" } }, me);
  app.get("/metrics", { config: { access: "public" } }, async (request) => ({
    auth: request.headers.authorization,
  }));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const send = (url: string, token: string, extra: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}`, ...extra } });

  it("reads the token of an Authorization: Bearer header only", () => {
    const request = (authorization?: string) =>
      ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;
    expect(bearerToken(request())).toBeUndefined();
    expect(bearerToken(request("Basic dXNlcjpwdw=="))).toBeUndefined();
    expect(bearerToken(request("Bearer cmt_abc"))).toBe("cmt_abc");
    expect(bearerToken(request("bearer  cmt_abc "))).toBe("cmt_abc");
    expect(bearerToken(request("Bearer"))).toBe("");
  });

  it("lets a valid token read a public route without a scope, as a visitor", async () => {
    reads.session = 0;
    const res = await send("/api/open", "buyer-orders", { "x-who": "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ me: null });
    expect(reads.session).toBe(0);
  });

  it("acts as the token's user within its scope, the session never read", async () => {
    reads.session = 0;
    const res = await send("/api/orders", "buyer-orders", { "x-who": "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ me: buyer.email });
    const catalog = await send("/api/catalog", "admin-all");
    expect(catalog.json()).toEqual({ me: admin.email });
    expect(reads.session).toBe(0);
  });

  it("refuses an unknown or empty token with 401 on every route, public ones included", async () => {
    for (const url of ["/api/open", "/api/catalog", "/api/orders", "/api/all"]) {
      for (const token of ["nope", ""]) {
        const res = await send(url, token);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ error: tokenMessages.invalid });
      }
    }
  });

  it("refuses admin routes and routes without a scope (403), and a scope the token lacks", async () => {
    for (const url of ["/api/all", "/api/settings"]) {
      const res = await send(url, "admin-all");
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: tokenMessages.notThroughToken });
    }
    const write = await app.inject({
      method: "POST",
      url: "/api/open",
      headers: { authorization: "Bearer admin-all" },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: tokenMessages.notThroughToken });
    const lacking = await send("/api/catalog", "buyer-orders");
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json()).toEqual({ error: tokenMessages.missingScope("catalog:read") });
  });

  it("counts every token request against its account: over the limit, 429 with Retry-After", async () => {
    reads.counted.length = 0;
    await send("/api/orders", "buyer-orders");
    await send("/api/all", "buyer-orders");
    expect(reads.counted).toEqual(["u1", "u1"]);
    const res = await send("/api/orders", "limited");
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("42");
  });

  it("parses the body first: a malformed body is 400 before a wrong token's 401", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { authorization: "Bearer nope", "content-type": "application/json" },
      payload: "{oops",
    });
    expect(res.statusCode).toBe(400);
  });

  it("leaves the metrics route's own Bearer alone", async () => {
    const res = await send("/metrics", "METRICS_TOKEN");
    expect(res.statusCode).toBe(200);
  });
});

const committedTable = path.join(import.meta.dirname, "route-access.txt");
const updateCommand = "UPDATE_ROUTE_ACCESS=1 npx vitest run server/accounts/access.test.ts";

/** The committed table's text: every route of the shop with its access, under either payment gateway. */
function tableText(simulated: FastifyInstance, stripe: FastifyInstance): string {
  const rows = new Map<string, RouteAccess & { gateways: string[] }>();
  for (const [app, gateway] of [
    [simulated, "simulated gateway"],
    [stripe, "Stripe"],
  ] as const) {
    for (const r of routeAccessTable(app)) {
      const key = `${r.method} ${r.url} ${r.access}`;
      const row = rows.get(key) ?? { ...r, gateways: [] };
      row.gateways.push(gateway);
      rows.set(key, row);
    }
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.url === b.url ? a.method.localeCompare(b.method) : a.url < b.url ? -1 : 1,
  );
  const width = (pick: (r: (typeof sorted)[number]) => string) =>
    Math.max(...sorted.map((r) => pick(r).length));
  const [m, u, a, sc] = [
    width((r) => r.method),
    width((r) => r.url),
    width((r) => r.access),
    width((r) => r.scope ?? "-"),
  ];
  const lines = sorted.map((r) => {
    const notes = [
      ...(r.readsSession ? ["reads the session"] : []),
      ...(r.gateways.length === 1 ? [`${r.gateways[0]} only`] : []),
    ];
    return [
      r.method.padEnd(m),
      r.url.padEnd(u),
      r.access.padEnd(a),
      (r.scope ?? "-").padEnd(sc),
      notes.length ? `(${notes.join("; ")})` : "",
    ]
      .join("  ")
      .trimEnd();
  });
  const exceptions = undeclaredRoutes.map((r) => `#   ${r.methods} ${r.url}: ${r.why}`);
  return [
    "# Who may call each route: method, URL, access (public, user, admin; server/accounts/access.ts),",
    "# and the scope an access token needs to call it (-: never through a token; contract/api-tokens.ts).",
    `# Written by server/accounts/access.test.ts; after a deliberate change: ${updateCommand}`,
    "# Routes that declare nothing (the server refuses to start on any other):",
    ...exceptions,
    "",
    ...lines,
    "",
  ].join("\n");
}

describe("the route → access table", () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    const gateways: Record<string, string>[] = [
      {},
      {
        STRIPE_SECRET_KEY: "sk_test_table",
        STRIPE_PUBLISHABLE_KEY: "pk_test_table",
        STRIPE_WEBHOOK_SECRET: "whsec_table",
      },
    ];
    for (const overrides of gateways) {
      const app = await buildApp({ database, config: testConfig(overrides), serveWeb: false });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it("matches the committed copy (server/accounts/route-access.txt)", () => {
    const [simulated, stripe] = apps;
    if (!simulated || !stripe) throw new Error("apps not built");
    const fresh = tableText(simulated, stripe);
    if (process.env.UPDATE_ROUTE_ACCESS === "1") fs.writeFileSync(committedTable, fresh);
    const freshCopy = path.join(os.tmpdir(), `route-access-${process.pid}.txt`);
    fs.writeFileSync(freshCopy, fresh);
    const committed = fs.existsSync(committedTable) ? fs.readFileSync(committedTable, "utf8") : "";
    expect(
      committed,
      `Who may call a route changed. Compare ${freshCopy} with ${committedTable}; if the change is meant, run ${updateCommand} and commit the file.`,
    ).toBe(fresh);
    console.log(fresh);
  });

  it("lists every /api route of the app, none of them undeclared", () => {
    const [simulated] = apps;
    if (!simulated) throw new Error("apps not built");
    const table = routeAccessTable(simulated);
    expect(table.length).toBeGreaterThan(25);
    expect(table.filter((r) => r.url.startsWith("/api/")).every((r) => r.access !== "undeclared")).toBe(true);
    expect(table).toContainEqual({ method: "GET,POST", url: "/api/auth/*", access: "public" });
    expect(table).toContainEqual({ method: "GET", url: "/api/user", access: "admin" });
  });
});
