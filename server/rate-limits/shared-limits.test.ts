import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { closedPort, describeWithRedis, keysUnder, redisTestUrl, startRedisRelay } from "../test/redis";
import { call } from "../test/requests";
import { openTestDatabase, testConfig } from "../test/test-env";
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
const message = {
  email: "workshop@example.com",
  subject: "Brake pads",
  message: "Do you have 500 in stock?",
};

describeWithRedis("two servers behind a load balancer share their rate limits", (prefix) => {
  let database: Database;
  const apps: FastifyInstance[] = [];

  /** One more server on the same database and Redis, as a second process would be. */
  async function server(overrides: Record<string, string> = {}) {
    const config = testConfig({ REDIS_URL: redisTestUrl, AUTH_RATE_LIMIT: "3", ...overrides });
    const app = await buildApp({ database, config, serveWeb: false, rateLimitKeyPrefix: prefix });
    apps.push(app);
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
    const url = `redis://127.0.0.1:${await closedPort()}`;
    await expect(server({ REDIS_URL: url })).rejects.toThrow(
      `Cannot connect to Redis at ${url} (REDIS_URL): connect ECONNREFUSED`,
    );
  });
});
