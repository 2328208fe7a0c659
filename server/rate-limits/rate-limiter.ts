import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";

/** Counts requests per key (a client address, an account) in fixed windows, in memory or shared through Redis. */
export type RateLimiter = {
  /** Counts one request; resolves to the seconds to wait when over the limit, otherwise undefined. */
  hit(key: string): Promise<number | undefined>;
  /** Takes back one allowed hit of the key's current window (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Forgets the key's window: its next hit starts a new one. */
  reset(key: string): Promise<void>;
};

/** How a store's replies are awaited: Redis's within a deadline, undefined (logged) when it failed. */
export type AskStore = <T>(reply: Promise<T>) => Promise<T | undefined>;

const inMemory: AskStore = (reply) => reply;

/**
 * Our interface over one of rate-limiter-flexible's fixed-window limiters (one point per hit).
 * A store that fails answers "allowed" (fail open), as `ask` decides.
 */
export function limiterOf(library: RateLimiterAbstract, ask: AskStore = inMemory): RateLimiter {
  return {
    hit: async (key) => (await ask(library.consume(key).then(() => undefined, secondsToWait))) ?? undefined,
    undo: async (key) => {
      await ask(takeBack(library, key));
    },
    reset: async (key) => {
      await ask(library.delete(key));
    },
  };
}

/** A refusal's seconds left in the window (at least 1); a store's failure is passed on. */
async function secondsToWait(refusal: unknown): Promise<number> {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/** One point back for a window that still runs: never creates a key, never goes below zero. */
async function takeBack(library: RateLimiterAbstract, key: string): Promise<void> {
  const window = await library.get(key);
  if (window && window.consumedPoints > 0 && window.msBeforeNext > 0) await library.reward(key);
}
