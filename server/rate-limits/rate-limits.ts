import type { BetterAuthOptions } from "better-auth";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { Config } from "../config";
import { createRateLimiter } from "./memory-limiter";
import { limiterOf, type RateLimiter } from "./rate-limiter";
import type { Log, RedisCounter } from "./redis-counter";

/** What Better Auth counts sign-in and sign-up attempts with (its `rateLimit.customStorage`). */
export type AuthRateLimitStorage = NonNullable<NonNullable<BetterAuthOptions["rateLimit"]>["customStorage"]>;

/** The rate limits of one server: in its own memory, or shared with every server through Redis. */
export type RateLimits = {
  /** A fixed-window limiter of `limit` hits per `windowMs` and key; `name` keeps its Redis keys apart. */
  limiter(name: string, rule: { limit: number; windowMs: number }): RateLimiter;
  /** Better Auth's counters; undefined leaves them in Better Auth's own memory store. */
  authStorage: AuthRateLimitStorage | undefined;
  close(): Promise<void>;
};

export const defaultKeyPrefix = "car-mechanic:";

/** In memory without REDIS_URL; with it, one Redis connection (connected now) behind every limit. */
export async function createRateLimits(
  config: Pick<Config, "redisUrl">,
  log: Log,
  keyPrefix = defaultKeyPrefix,
): Promise<RateLimits> {
  if (!config.redisUrl) {
    return {
      limiter: (_name, rule) => createRateLimiter(rule),
      authStorage: undefined,
      close: async () => {},
    };
  }
  // Loaded only when used, as the AWS SDK is for S3.
  const { connectRedisCounter } = await import("./redis-counter");
  const counter = await connectRedisCounter(config.redisUrl, log);
  return {
    limiter: (name, rule) => redisRateLimiter(counter, `${keyPrefix}${name}:`, rule),
    authStorage: redisAuthStorage(counter, `${keyPrefix}auth-rate:`),
    close: () => counter.close(),
  };
}

/** The same fixed window as createRateLimiter's, counted in Redis under `prefix` + key. */
export function redisRateLimiter(
  redis: RedisCounter,
  prefix: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): RateLimiter {
  return limiterOf(redisWindow(redis, prefix, limit, windowMs), redis.ask);
}

/** Better Auth's attempts (key: address and path; rule: window in seconds and max) counted in Redis. */
export function redisAuthStorage(redis: RedisCounter, prefix: string): AuthRateLimitStorage {
  // One limiter per rule Better Auth asks with (its default and each custom rule's).
  const limiters = new Map<string, RateLimiter>();
  return {
    async consume(key, rule) {
      const ruleKey = `${rule.window}/${rule.max}`;
      let limiter = limiters.get(ruleKey);
      if (!limiter) {
        limiter = redisRateLimiter(redis, prefix, { limit: rule.max, windowMs: rule.window * 1000 });
        limiters.set(ruleKey, limiter);
      }
      const wait = await limiter.hit(key);
      return { allowed: wait === undefined, retryAfter: wait ?? null };
    },
  };
}

/**
 * rate-limiter-flexible's Redis limiter on our connection. Its keys are its prefix, ":" and the
 * key, so `prefix` (which ends in ":") is given without its colon. It counts in whole seconds
 * (Redis's EX).
 */
function redisWindow(redis: RedisCounter, prefix: string, limit: number, windowMs: number) {
  return new RateLimiterRedis({
    storeClient: redis.client,
    useRedisPackage: true,
    keyPrefix: prefix.replace(/:$/, ""),
    points: limit,
    duration: windowMs / 1000,
  });
}
