import { RateLimiterMemory } from "rate-limiter-flexible";
import { limiterOf, type RateLimiter } from "./rate-limiter";

/**
 * A fixed-window counter per key (a client address, an account, a user), in memory: enough to
 * slow a spammer down on one server (several servers each count on their own unless REDIS_URL is
 * set, see rate-limits.ts). A window's key is dropped when it ends.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  return limiterOf(new RateLimiterMemory({ points: limit, duration: windowMs / 1000 }));
}
