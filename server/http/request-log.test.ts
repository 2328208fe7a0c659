import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/database";
import { call } from "../test/requests";
import { databaseKinds, openTestDatabase, testConfig } from "../test/test-env";

// What a person reading the log of one request relies on: its id (a trusted proxy's, or ours) on
// every line and in the answer, one access line without the URL's query, and a failure's stack.
type Line = Record<string, unknown> & { msg?: string; reqId?: string };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The real app with its log captured line by line, plus a route that logs and then fails. */
async function loggedApp(database: Database, overrides: Record<string, string>) {
  const lines: Line[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    database,
    config: testConfig({ LOG_LEVEL: "info", ...overrides }),
    serveWeb: false,
    logStream,
  });
  app.get("/api/test/broken/:part", { config: { access: "public" } }, async (request) => {
    app.log.info("a service writes on the app's logger");
    await new Promise((resolve) => setTimeout(resolve, 5));
    request.log.warn("and the route on the request's, after an await");
    throw new Error("broken on purpose");
  });
  await app.ready();
  return { app, lines };
}

const linesOf = (lines: Line[], reqId: string) => lines.filter((line) => line.reqId === reqId);

for (const kind of databaseKinds) {
  const unavailable = kind === "postgres" ? inject("postgresUnavailable") : "";
  const suite = unavailable ? describe.skip : describe;
  suite(`request ids and the access log [${kind}]${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
    let database: Database;
    let direct: Awaited<ReturnType<typeof loggedApp>>;
    let proxied: Awaited<ReturnType<typeof loggedApp>>;
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      direct = await loggedApp(database, {});
      proxied = await loggedApp(database, { TRUST_PROXY: "127.0.0.1" });
      apps.push(direct.app, proxied.app);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.close();
    });

    it("takes a trusted proxy's X-Request-Id, sends it back and writes it on the request's lines", async () => {
      const res = await call(proxied.app, "GET", "/api/service", undefined, undefined, {
        headers: { "x-request-id": "0f3a9c1e5b7d4f2a8c6e1b3d5f7a9c0e" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-request-id"]).toBe("0f3a9c1e5b7d4f2a8c6e1b3d5f7a9c0e");
      expect(linesOf(proxied.lines, "0f3a9c1e5b7d4f2a8c6e1b3d5f7a9c0e")).toEqual([
        expect.objectContaining({ msg: "answered", method: "GET", route: "/api/service", status: 200 }),
      ]);
    });

    it("makes its own id when no proxy is trusted: a client's X-Request-Id is not taken", async () => {
      const res = await call(direct.app, "GET", "/api/service", undefined, undefined, {
        headers: { "x-request-id": "made-up-by-the-client" },
      });
      const id = String(res.headers["x-request-id"]);
      expect(id).toMatch(uuid);
      expect(direct.lines.some((line) => line.reqId === "made-up-by-the-client")).toBe(false);
      expect(linesOf(direct.lines, id)).toHaveLength(1);
    });

    it("makes its own id for a request from an address TRUST_PROXY does not name, and one per request", async () => {
      const sent = { headers: { "x-request-id": "from-elsewhere" }, remoteAddress: "203.0.113.9" };
      const first = await call(proxied.app, "GET", "/api/service", undefined, undefined, sent);
      const second = await call(proxied.app, "GET", "/api/service");
      expect(first.headers["x-request-id"]).toMatch(uuid);
      expect(second.headers["x-request-id"]).toMatch(uuid);
      expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    });

    it("refusals carry the id too: a 404, a 400 for bad input, a 401", async () => {
      for (const [url, status] of [
        ["/api/no-such-thing", 404],
        ["/api/service?sort=sideways", 400],
        ["/api/order", 401],
      ] as const) {
        const res = await call(direct.app, "GET", url);
        expect(res.statusCode).toBe(status);
        const id = String(res.headers["x-request-id"]);
        expect(id).toMatch(uuid);
        expect(linesOf(direct.lines, id)).toEqual([expect.objectContaining({ msg: "answered", status })]);
      }
    });

    it("writes one access line with the route's pattern, never the query or the path's values", async () => {
      const secret = "buyer%40example.com";
      const res = await call(
        direct.app,
        "GET",
        `/api/service/00000000-0000-4000-8000-000000000000?token=${secret}`,
      );
      expect(res.statusCode).toBe(404);
      const id = String(res.headers["x-request-id"]);
      const lines = linesOf(direct.lines, id);
      expect(lines).toEqual([
        { ...lines[0], msg: "answered", method: "GET", route: "/api/service/:id", status: 404 },
      ]);
      expect(typeof lines[0]?.ms).toBe("number");
      const written = JSON.stringify(direct.lines);
      expect(written).not.toContain("token=");
      expect(written).not.toContain("00000000-0000-4000-8000-000000000000");
      expect(written).not.toContain("buyer");
    });

    it("a 5xx: every line of the request carries its id, the error its stack", async () => {
      const res = await call(
        proxied.app,
        "GET",
        "/api/test/broken/secret-part?email=a%40b.example",
        undefined,
        undefined,
        {
          headers: { "x-request-id": "req-5xx-1" },
        },
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
      expect(res.headers["x-request-id"]).toBe("req-5xx-1");
      const lines = linesOf(proxied.lines, "req-5xx-1");
      expect(lines.map((line) => line.msg)).toEqual([
        "a service writes on the app's logger",
        "and the route on the request's, after an await",
        "request failed",
        "answered",
      ]);
      const failure = lines[2] as { err: { message: string; stack: string }; route: string };
      expect(failure.err.message).toBe("broken on purpose");
      expect(failure.err.stack).toContain("request-log.test.ts");
      expect(failure.route).toBe("/api/test/broken/:part");
      expect(lines[3]).toMatchObject({ route: "/api/test/broken/:part", status: 500 });
      const written = JSON.stringify(lines);
      expect(written).not.toContain("secret-part");
      expect(written).not.toContain("a@b.example");
    });

    it("a sign-up's lines (the verification link the auth library has logged) carry the request's id", async () => {
      const email = `logged.${Date.now()}@example.com`;
      const res = await call(
        proxied.app,
        "POST",
        "/api/auth/sign-up/email",
        undefined,
        {
          name: "Logged Buyer",
          email,
          password: "correct-horse-1",
        },
        { headers: { "x-request-id": "req-sign-up-1" } },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-request-id"]).toBe("req-sign-up-1");
      const lines = linesOf(proxied.lines, "req-sign-up-1");
      expect(lines.at(-1)).toMatchObject({ msg: "answered", route: "/api/auth/*", status: 200 });
      const link = proxied.lines.find((line) => line.to === email);
      expect(link?.reqId).toBe("req-sign-up-1");
    });

    it("answers read from memory before routing carry an id and leave an access line too", async () => {
      await proxied.app.listen({ port: 0, host: "127.0.0.1" });
      const address = proxied.app.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/service`, { headers: { "x-request-id": `req-ready-${i}` } });
        expect(res.status).toBe(200);
        ids.push(String(res.headers.get("x-request-id")));
      }
      expect(ids).toEqual(["req-ready-0", "req-ready-1", "req-ready-2"]);
      for (const id of ids) {
        expect(linesOf(proxied.lines, id)).toEqual([
          expect.objectContaining({ msg: "answered", method: "GET", route: "/api/service", status: 200 }),
        ]);
      }
      const unnamed = await fetch(`${base}/api/service`);
      expect(unnamed.headers.get("x-request-id")).toMatch(uuid);
    });
  });
}
