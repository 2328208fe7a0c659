// Redis for the rate-limit tests (not a test file itself).
import net from "node:net";
import { createClient } from "@redis/client";
import { afterAll, describe, inject } from "vitest";

/** The Redis server the tests use (CI and developer machines run one on 127.0.0.1). */
export const redisTestUrl = "redis://127.0.0.1:6379";

const testClient = () =>
  createClient({ url: redisTestUrl, socket: { connectTimeout: 2_000, reconnectStrategy: false } });

/** Runs `work` on a short-lived connection of its own (to look at and clean up the tests' keys). */
export async function withRedis<T>(work: (client: ReturnType<typeof testClient>) => Promise<T>): Promise<T> {
  const client = testClient();
  client.on("error", () => {}); // connect() rejects with the same error
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

async function probe(): Promise<string> {
  try {
    await withRedis((client) => client.ping());
    return "";
  } catch (err) {
    const unavailable = `Redis at ${redisTestUrl} could not be used: ${(err as Error).message || String(err)}`;
    if (process.env.CI)
      throw new Error(`${unavailable} (CI needs it: the shared rate-limit tests run on it)`);
    console.warn(`\n!!! ${unavailable}\n!!! The Redis rate-limit tests are SKIPPED.\n`);
    return unavailable;
  }
}

/** Why Redis cannot be used, "" when it can. In CI an unreachable Redis fails the test file instead. */
const unavailable = await probe();

let suites = 0;

/**
 * Declares tests that need the Redis server; each suite gets a key prefix of its own (`prefix`)
 * and its keys are deleted afterwards. Without a reachable Redis the suite is skipped with its
 * reason in the name, except in CI, where loading this file already failed.
 */
export function describeWithRedis(title: string, body: (prefix: string) => void): void {
  const suite = unavailable ? describe.skip : describe;
  suite(`${title} [redis]${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
    const prefix = `car-mechanic-test:${inject("runId")}:${process.pid}:${++suites}:`;
    afterAll(() => deleteKeys(prefix));
    body(prefix);
  });
}

/** Every key under `prefix`, for assertions. */
export function keysUnder(prefix: string): Promise<string[]> {
  return withRedis(async (client) => {
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) keys.push(...batch);
    return keys;
  });
}

async function deleteKeys(prefix: string): Promise<void> {
  const keys = await keysUnder(prefix);
  if (keys.length > 0) await withRedis((client) => client.del(keys));
}

/**
 * A TCP relay to the test Redis that a test can cut (`stop`) and restore (`start`, same port), or
 * stall (`hold`: Redis's replies are kept back until `release`): Redis going away, hanging and
 * coming back, as a client pointed at `url` sees it.
 */
export async function startRedisRelay() {
  const target = new URL(redisTestUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let held: (() => void)[] | undefined;

  function relay(client: net.Socket) {
    const redis = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        redis.destroy();
      });
    }
    client.on("data", (chunk) => redis.write(chunk));
    redis.on("data", (chunk) => (held ? held.push(() => client.write(chunk)) : client.write(chunk)));
  }

  async function start() {
    const listening = net.createServer(relay);
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", resolve);
    });
    port = (listening.address() as net.AddressInfo).port;
    server = listening;
  }

  async function stop() {
    const listening = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  }

  function hold() {
    held ??= [];
  }

  function release() {
    const replies = held ?? [];
    held = undefined;
    for (const reply of replies) reply();
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, hold, release };
}
