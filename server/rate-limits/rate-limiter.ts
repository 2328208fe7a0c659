/** Counts requests per key (a client address, an account) in fixed windows, in memory or shared through Redis. */
export type RateLimiter = {
  /** Counts one request; resolves to the seconds to wait when over the limit, otherwise undefined. */
  hit(key: string): Promise<number | undefined>;
  /** Takes back one allowed hit of the key's current window (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Forgets the key's window: its next hit starts a new one. */
  reset(key: string): Promise<void>;
};
