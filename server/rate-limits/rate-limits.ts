import type { BetterAuthOptions } from "better-auth";
import type { Config } from "../config";
import { createRateLimiter } from "./memory-limiter";
import type { RateLimiter } from "./rate-limiter";
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
  counter: RedisCounter,
  prefix: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): RateLimiter {
  return {
    hit: (key) => secondsToWait(counter, prefix + key, limit, windowMs),
    undo: (key) => counter.undoHit(prefix + key),
    reset: (key) => counter.clear(prefix + key),
  };
}

/** Better Auth's attempts (key: address and path; rule: window in seconds and max) counted in Redis. */
export function redisAuthStorage(counter: RedisCounter, prefix: string): AuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const wait = await secondsToWait(counter, prefix + key, rule.max, rule.window * 1000);
      return { allowed: wait === undefined, retryAfter: wait ?? null };
    },
  };
}

/** Seconds left in the window when this hit is over `limit`; undefined when allowed or when Redis failed. */
async function secondsToWait(counter: RedisCounter, key: string, limit: number, windowMs: number) {
  const counted = await counter.countHit(key, windowMs);
  if (!counted || counted.count <= limit) return undefined;
  return Math.max(1, Math.ceil(counted.msLeft / 1000));
}
