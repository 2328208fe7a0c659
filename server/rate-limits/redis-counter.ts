import type { FastifyBaseLogger } from "fastify";
import { createClient } from "@redis/client";

export type Log = Pick<FastifyBaseLogger, "error" | "info">;

/**
 * One step of a fixed-window counter, atomic on the Redis server: counts the hit, and the first hit
 * of a window (or a key somehow left without an expiry) starts the window's expiry. Replies
 * {count, milliseconds left in the window}. A script rather than MULTI/EXEC: node-redis queues a
 * MULTI while it reconnects (requests would hang for the whole outage), a script fails at once.
 */
const countHitScript = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

/** Takes back one hit of a window that still runs (never creates a key, never goes below zero). */
const undoHitScript = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

/** Redis as the rate limits use it: one connection per server, shared by every limiter. */
export type RedisCounter = {
  /**
   * Counts one hit on `key` in its window of `windowMs`. Undefined when Redis could not be asked
   * (down, unreachable, too slow): logged, and the caller lets the request through (fail open).
   */
  countHit(key: string, windowMs: number): Promise<{ count: number; msLeft: number } | undefined>;
  /** Takes back one hit of `key`'s current window; a failure is logged like countHit's. */
  undoHit(key: string): Promise<void>;
  /** Ends `key`'s window; a failure is logged like countHit's. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
};

export type RedisCounterOptions = {
  /** A count not answered within this many milliseconds lets the request through. */
  commandTimeoutMs?: number;
};

/**
 * Connects at start-up and fails with a readable error if Redis cannot be reached then. Once
 * running, a lost connection is logged once and retried in the background (every 2 s at most)
 * while `countHit` answers undefined without waiting.
 */
export async function connectRedisCounter(
  url: string,
  log: Log,
  { commandTimeoutMs = 1_000 }: RedisCounterOptions = {},
): Promise<RedisCounter> {
  let started = false;
  let failing = false;

  const client = createClient({
    url,
    // While reconnecting, commands fail at once instead of waiting for the connection.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      // Not at start-up (the server stops instead); afterwards forever, backing off to 2 s.
      reconnectStrategy: (retries) => (started ? Math.min(100 * 2 ** retries, 2_000) : false),
    },
  });

  const failed = (err: unknown) => {
    if (!failing) log.error({ err }, "Redis is unreachable: rate limits are not enforced until it is back");
    failing = true;
  };
  const recovered = () => {
    if (failing) log.info("Redis is reachable again: rate limits are enforced again");
    failing = false;
  };
  // Without a listener, node-redis's "error" events would crash the process.
  client.on("error", (err) => {
    if (started) failed(err);
  });
  client.on("ready", recovered);

  try {
    await client.connect();
  } catch (err) {
    client.destroy();
    throw new Error(`Cannot connect to Redis at ${withoutPassword(url)} (REDIS_URL): ${reason(err)}`, {
      cause: err,
    });
  }
  started = true;

  /** A command's reply within the deadline; undefined (logged) when Redis could not answer. */
  async function ask<T>(reply: Promise<T>): Promise<T | undefined> {
    try {
      const value = await within(reply, commandTimeoutMs);
      recovered();
      return value;
    } catch (err) {
      failed(err);
      return undefined;
    }
  }

  return {
    async countHit(key, windowMs) {
      const reply = await ask(client.eval(countHitScript, { keys: [key], arguments: [String(windowMs)] }));
      if (reply === undefined) return undefined;
      const [count, msLeft] = reply as [number, number];
      return { count, msLeft };
    },
    async undoHit(key) {
      await ask(client.eval(undoHitScript, { keys: [key], arguments: [] }));
    },
    async clear(key) {
      await ask(client.del(key));
    },
    async close() {
      if (!client.isOpen) return client.destroy();
      // close() waits for pending replies, which a stalled Redis may never send.
      await within(client.close(), commandTimeoutMs).catch(() => client.destroy());
    },
  };
}

/**
 * node-redis's own command timeout ends once a command is written, so a Redis that has stopped
 * answering would hold the request until TCP gives up. Replies keep their order: a late one still
 * settles its own (abandoned) command.
 */
async function within<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([reply, late]);
  } finally {
    clearTimeout(timer);
  }
}

function withoutPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/** Node's connection errors to "localhost" are AggregateErrors without a message of their own. */
function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.message || (err as NodeJS.ErrnoException).code || err.name;
}
