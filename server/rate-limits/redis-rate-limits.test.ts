import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, it, vi } from "vitest";
import { freePort } from "../test/free-port";
import { describeWithRedis, keysUnder, redisTestUrl, startRedisRelay, withRedis } from "../test/redis";
import { redisAuthStorage, redisRateLimiter } from "./rate-limits";
import { connectRedisCounter, type RedisCounter, type RedisCounterOptions } from "./redis-counter";

const fakeLog = () => ({ error: vi.fn(), info: vi.fn() });

describeWithRedis("rate limits counted in Redis", (prefix) => {
  const counters: RedisCounter[] = [];
  /** One server's connection: each call is another server sharing the same Redis. */
  async function server(url = redisTestUrl, log = fakeLog(), options: RedisCounterOptions = {}) {
    const counter = await connectRedisCounter(url, log, options);
    counters.push(counter);
    return counter;
  }
  afterAll(() => Promise.all(counters.map((c) => c.close())));

  it("counts across servers: two limiters on two connections share each address's window", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const one = redisRateLimiter(await server(), `${prefix}contact:`, rule);
    const two = redisRateLimiter(await server(), `${prefix}contact:`, rule);
    expect(await one.hit("10.0.0.1")).toBeUndefined();
    expect(await two.hit("10.0.0.1")).toBeUndefined();
    expect(await one.hit("10.0.0.1")).toBeUndefined();
    const wait = await two.hit("10.0.0.1");
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await one.hit("10.0.0.1")).toBeGreaterThanOrEqual(59);
    expect(await one.hit("10.0.0.2")).toBeUndefined();

    expect((await keysUnder(`${prefix}contact:`)).sort()).toEqual([
      `${prefix}contact:10.0.0.1`,
      `${prefix}contact:10.0.0.2`,
    ]);
    const msLeft = await withRedis((c) => c.pTTL(`${prefix}contact:10.0.0.1`));
    expect(msLeft).toBeGreaterThan(55_000);
    expect(msLeft).toBeLessThanOrEqual(60_000);
  });

  it("starts a new window when the old one expires, and says how long is left until then", async () => {
    const limiter = redisRateLimiter(await server(), `${prefix}short:`, { limit: 2, windowMs: 1_000 });
    expect(await limiter.hit("a")).toBeUndefined();
    expect(await limiter.hit("a")).toBeUndefined();
    expect(await limiter.hit("a")).toBe(1); // under a second left: rounded up
    expect(await limiter.hit("b")).toBeUndefined();
    await sleep(1_050); // the library counts Redis windows in whole seconds
    expect(await limiter.hit("a")).toBeUndefined();
    expect(await limiter.hit("a")).toBeUndefined();
    expect(await limiter.hit("a")).toBe(1);
  });

  it("takes back a hit and ends a window across servers, never creating a key or going below zero", async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    const one = redisRateLimiter(await server(), `${prefix}failures:`, rule);
    const two = redisRateLimiter(await server(), `${prefix}failures:`, rule);
    expect(await one.hit("a@example.com")).toBeUndefined();
    expect(await two.hit("a@example.com")).toBeUndefined();
    await one.undo("a@example.com");
    expect(await two.hit("a@example.com")).toBeUndefined();
    expect(await one.hit("a@example.com")).toBeGreaterThanOrEqual(59);

    await two.reset("a@example.com");
    expect(await keysUnder(`${prefix}failures:`)).toEqual([]);
    await one.undo("a@example.com");
    expect(await keysUnder(`${prefix}failures:`)).toEqual([]);
    expect(await one.hit("a@example.com")).toBeUndefined();
    await two.undo("a@example.com");
    await two.undo("a@example.com");
    expect(await withRedis((c) => c.get(`${prefix}failures:a@example.com`))).toBe("0");
    expect(await one.hit("a@example.com")).toBeUndefined();
    expect(await one.hit("a@example.com")).toBeUndefined();
    expect(await one.hit("a@example.com")).toBeGreaterThanOrEqual(59);
  });

  it("gives Better Auth its shape: allowed up to max per window across servers, then the seconds left", async () => {
    const one = redisAuthStorage(await server(), `${prefix}auth-rate:`);
    const two = redisAuthStorage(await server(), `${prefix}auth-rate:`);
    const rule = { window: 60, max: 2 };
    const key = "203.0.113.1|/sign-in/email";
    expect(await one.consume(key, rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await two.consume(key, rule)).toEqual({ allowed: true, retryAfter: null });
    const refused = await one.consume(key, rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
    expect(await two.consume("203.0.113.1|/sign-up/email", rule)).toEqual({
      allowed: true,
      retryAfter: null,
    });
    expect(await keysUnder(`${prefix}auth-rate:`)).toContain(`${prefix}auth-rate:${key}`);
  });

  it("fails open when Redis goes away: lets requests through and logs once; counts again when it is back", async () => {
    const relay = await startRedisRelay();
    const log = fakeLog();
    const limiter = redisRateLimiter(await server(relay.url, log), `${prefix}outage:`, {
      limit: 1,
      windowMs: 60_000,
    });
    try {
      expect(await limiter.hit("a")).toBeUndefined();
      expect(await limiter.hit("a")).toBeGreaterThan(0);

      await relay.stop();
      const startedAt = Date.now();
      for (let i = 0; i < 3; i++) expect(await limiter.hit("a")).toBeUndefined();
      expect(Date.now() - startedAt).toBeLessThan(500); // at once, not after the 1 s deadline
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error.mock.calls[0]?.[1]).toMatch(/Redis is unreachable: rate limits are not enforced/);

      await relay.start();
      await vi.waitFor(async () => expect(await limiter.hit("a")).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 100,
      });
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/Redis is reachable again/));
    } finally {
      await relay.stop();
    }
  });

  it("fails open when Redis stops answering: the request goes through after the timeout", async () => {
    const relay = await startRedisRelay();
    const log = fakeLog();
    const counter = await server(relay.url, log, { commandTimeoutMs: 200 });
    const limiter = redisRateLimiter(counter, `${prefix}stall:`, { limit: 1, windowMs: 60_000 });
    try {
      expect(await limiter.hit("a")).toBeUndefined();
      relay.hold();
      const startedAt = Date.now();
      expect(await limiter.hit("a")).toBeUndefined();
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(String(log.error.mock.calls[0]?.[0].err)).toMatch(/did not answer within 200 ms/);

      // The late reply settles its own abandoned count; the next one is counted and refused.
      relay.release();
      expect(await limiter.hit("a")).toBeGreaterThan(0);

      // Shutting down while Redis hangs does not hang.
      relay.hold();
      expect(await limiter.hit("a")).toBeUndefined();
      const closingAt = Date.now();
      await counter.close();
      expect(Date.now() - closingAt).toBeLessThan(1_000);
    } finally {
      await relay.stop();
    }
  });

  it("refuses to start without Redis, saying where it looked (password hidden)", async () => {
    const url = `redis://:s3cret@127.0.0.1:${await freePort()}`;
    const log = fakeLog();
    const failure = connectRedisCounter(url, log);
    await expect(failure).rejects.toThrow(
      /^Cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ \(REDIS_URL\): /,
    );
    await expect(failure).rejects.not.toThrow(/s3cret/);
    expect(log.error).not.toHaveBeenCalled();
  });
});
