import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { freePort } from "../test/free-port";
import { describeWithRedis, keysUnder, redisTestUrl, startRedisRelay } from "../test/redis";
import { call } from "../test/requests";
import { signUp } from "../test/sessions";
import { openTestDatabase, registerTestApp, testConfig } from "../test/test-env";
import { createRateLimits } from "./rate-limits";

describe("choosing where rate limits are counted", () => {
  it("REDIS_URL is optional and must be a redis:// or rediss:// URL", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: " " }).redisUrl).toBeUndefined();
    const tls = "rediss://shop:pw@cache.example:6380/2";
    expect(loadConfig({ REDIS_URL: tls }).redisUrl).toBe(tls);
    for (const wrong of ["http://127.0.0.1:6379", "127.0.0.1:6379", "redis://"]) {
      expect(() => loadConfig({ REDIS_URL: wrong })).toThrow(
        "Invalid configuration: REDIS_URL: must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379",
      );
    }
  });

  it("keeps the limits in memory without REDIS_URL", async () => {
    const limits = await createRateLimits({ redisUrl: undefined }, { error: vi.fn(), info: vi.fn() });
    expect(limits.authStorage).toBeUndefined();
    const limiter = limits.limiter("contact-rate", { limit: 1, windowMs: 60_000 });
    expect(await limiter.hit("a")).toBeUndefined();
    expect(await limiter.hit("a")).toBe(60);
    await limits.close();
  });
});

const wrongSignIn = { email: "nobody@example.com", password: "wrong-password" };
const boundary = "----cm-shared-limits";
const notAPhoto = {
  contentType: `multipart/form-data; boundary=${boundary}`,
  payload: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--${boundary}--\r\n`,
};
const message = {
  email: "workshop@example.com",
  subject: "Brake pads",
  message: "Do you have 500 in stock?",
};

describeWithRedis("two servers behind a load balancer share their rate limits", (prefix) => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  // One secret for every server, as a deployment has: a session from one is valid on the others.
  const secret = crypto.randomBytes(32).toString("hex");

  /** One more server on the same database and Redis, as a second process would be. */
  async function server(overrides: Record<string, string> = {}) {
    const config = testConfig({
      REDIS_URL: redisTestUrl,
      AUTH_RATE_LIMIT: "3",
      AUTH_SECRET: secret,
      ...overrides,
    });
    const app = await buildApp({ database, config, serveWeb: false, rateLimitKeyPrefix: prefix });
    apps.push(app);
    // The test sessions verify addresses through the mail the app wrote in this database.
    registerTestApp(app, database.db);
    await app.ready();
    return app;
  }

  const signIn = (app: FastifyInstance, from: string) =>
    call(app, "POST", "/api/auth/sign-in/email", undefined, wrongSignIn, { remoteAddress: from });
  const write = (app: FastifyInstance, from: string) =>
    call(app, "POST", "/api/contact", undefined, message, { remoteAddress: from });

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it("sign-in: AUTH_RATE_LIMIT attempts per address over both servers, then 429", async () => {
    const one = await server();
    const two = await server();
    const statuses: number[] = [];
    for (const app of [one, two, one]) statuses.push((await signIn(app, "203.0.113.20")).statusCode);
    expect(statuses).toEqual([401, 401, 401]);

    const refused = await signIn(two, "203.0.113.20");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/too many/i);
    expect(Number(refused.headers["x-retry-after"])).toBeGreaterThan(0);
    expect((await signIn(one, "203.0.113.20")).statusCode).toBe(429);
    expect((await signIn(one, "203.0.113.21")).statusCode).toBe(401);
    // Counted in Redis (Better Auth's own memory store is shared by every app in one process).
    expect(await keysUnder(`${prefix}auth-rate:`)).toContain(
      `${prefix}auth-rate:203.0.113.20|/sign-in/email`,
    );
  });

  it("contact: five messages a minute per address over both servers, then 429 with Retry-After", async () => {
    const one = await server();
    const two = await server();
    for (let i = 0; i < 5; i++) expect((await write(i % 2 ? two : one, "10.9.0.1")).statusCode).toBe(201);

    const refused = await write(two, "10.9.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "Too many messages. Please wait a minute and try again." });
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await write(one, "10.9.0.1")).statusCode).toBe(429);
    expect((await write(two, "10.9.0.2")).statusCode).toBe(201);
    expect(await keysUnder(`${prefix}contact-rate:`)).toContain(`${prefix}contact-rate:10.9.0.1`);
  });

  it("sign-in: 10 failures per account over both servers from 10 addresses, then 429 until a known device signs in", {
    timeout: 120_000,
  }, async () => {
    const one = await server();
    const two = await server();
    const owner = await signUp(one);
    const attempt = (app: FastifyInstance, i: number, password: string, cookie?: string) =>
      call(
        app,
        "POST",
        "/api/auth/sign-in/email",
        undefined,
        { email: owner.email, password },
        {
          remoteAddress: `198.18.0.${i}`,
          headers: cookie ? { cookie } : {},
        },
      );
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++)
      statuses.push((await attempt(i % 2 ? one : two, i, "wrong-password")).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));

    const refused = await attempt(two, 11, owner.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      "Too many failed sign-ins for this account. Please try again in 15 minutes.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(840);
    expect((await attempt(one, 12, owner.password)).statusCode).toBe(429);
    expect(await keysUnder(`${prefix}sign-in-failures:`)).toContain(
      `${prefix}sign-in-failures:${owner.email}`,
    );

    // The owner, still signed in on one device, gets in through either server; that ends the count.
    expect((await attempt(two, 13, owner.password, owner.cookie)).statusCode).toBe(200);
    expect(await keysUnder(`${prefix}sign-in-failures:`)).not.toContain(
      `${prefix}sign-in-failures:${owner.email}`,
    );
    expect((await attempt(one, 14, owner.password)).statusCode).toBe(200);
  });

  it("uploads: twenty photos per user in ten minutes over both servers, then 429", async () => {
    const one = await server();
    const two = await server();
    const u = await signUp(one);
    // Not a photo: refused (415) after being counted, which keeps the test fast.
    const upload = (app: FastifyInstance) =>
      call(app, "POST", "/api/upload", u, notAPhoto.payload, {
        headers: { "content-type": notAPhoto.contentType },
      });
    for (let i = 0; i < 20; i++) expect((await upload(i % 2 ? two : one)).statusCode).toBe(415);
    const refused = await upload(two);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Too many photos uploaded \(up to 20 every 10 minutes\)\. Please wait 10 minutes/,
    );
    expect((await upload(one)).statusCode).toBe(429);
    expect(await keysUnder(`${prefix}upload-rate:`)).toHaveLength(1);
  });

  it("fails open when Redis goes away: sign-ins and messages go through and the error is logged", async () => {
    const relay = await startRedisRelay();
    try {
      const app = await server({ REDIS_URL: relay.url, AUTH_RATE_LIMIT: "1" });
      const logged = vi.spyOn(app.log, "error");
      expect((await signIn(app, "203.0.113.30")).statusCode).toBe(401);
      expect((await signIn(app, "203.0.113.30")).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) expect((await write(app, "10.9.0.3")).statusCode).toBe(201);
      expect((await write(app, "10.9.0.3")).statusCode).toBe(429);

      await relay.stop();
      for (let i = 0; i < 3; i++) {
        expect((await signIn(app, "203.0.113.30")).statusCode).toBe(401);
        expect((await write(app, "10.9.0.3")).statusCode).toBe(201);
      }
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.anything() }),
        expect.stringMatching(/Redis is unreachable/),
      );
    } finally {
      await relay.stop();
    }
  });

  it("does not start when Redis cannot be reached, and says why", async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(server({ REDIS_URL: url })).rejects.toThrow(
      `Cannot connect to Redis at ${url} (REDIS_URL): connect ECONNREFUSED`,
    );
  });
});
