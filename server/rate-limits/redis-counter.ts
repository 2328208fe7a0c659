import { createClient, type RedisClientType } from "@redis/client";
import type { FastifyBaseLogger } from "fastify";
import type { AskStore } from "./rate-limiter";

export type Log = Pick<FastifyBaseLogger, "error" | "info">;

/** Redis as the rate limits use it: one connection per server, shared by every limiter. */
export type RedisCounter = {
  /** The connection rate-limiter-flexible's Redis limiters count on. */
  client: RedisClientType;
  /**
   * A reply of `client`, or undefined when Redis could not answer (down, unreachable, too slow):
   * logged, and the caller lets the request through (fail open).
   */
  ask: AskStore;
  close(): Promise<void>;
};

export type RedisCounterOptions = {
  /** A count not answered within this many milliseconds lets the request through. */
  commandTimeoutMs?: number;
};

/**
 * Connects at start-up and fails with a readable error if Redis cannot be reached then. Once
 * running, a lost connection is logged once and retried in the background (every 2 s at most)
 * while `ask` answers undefined without waiting.
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
    client: client as RedisClientType,
    ask,
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
