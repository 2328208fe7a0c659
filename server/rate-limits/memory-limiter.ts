import type { RateLimiter } from "./rate-limiter";

/**
 * A fixed-window counter per key (a client address, an account, a user), in memory: enough to
 * slow a spammer down on one server (several servers each count on their own unless REDIS_URL is
 * set, see rate-limits.ts).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();

  function forgetExpired(now: number) {
    for (const [key, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(key);
  }

  return {
    async hit(key: string, now = Date.now()): Promise<number | undefined> {
      if (windows.size > 10_000) forgetExpired(now);
      let w = windows.get(key);
      if (!w || now - w.startedAt >= windowMs) {
        w = { startedAt: now, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= limit) return Math.max(1, Math.ceil((w.startedAt + windowMs - now) / 1000));
      w.count++;
      return undefined;
    },
    async undo(key: string, now = Date.now()): Promise<void> {
      const w = windows.get(key);
      if (w && now - w.startedAt < windowMs && w.count > 0) w.count--;
    },
    async reset(key: string): Promise<void> {
      windows.delete(key);
    },
  } satisfies RateLimiter;
}
