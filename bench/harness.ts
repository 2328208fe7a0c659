import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../server/test/free-port";
import { adminConnection, postgresTestUrl, withDatabase } from "../server/test/postgres";

/** BENCH_SECONDS (default 10): how long each measured run lasts. */
const duration = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_CONNECTIONS (default 10): how many requests (or statement pairs) are in flight at once. */
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** BENCH_PROFILE=<folder>: the processes started here write a CPU profile there when they stop. */
const profile = process.env.BENCH_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
  : [];

/** Starts a TypeScript entry point as its own process (so it does not share the load generator's core). */

export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(tsx, [...profile, entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout?.resume();
  return child;
}

export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export type Shop = {
  /** Where the benchmark sends its requests: http://127.0.0.1:<port>. */
  url: string;
  /** The shop's public address, the Origin its API expects: http://localhost:<port>. */
  origin: string;
  process: ChildProcess;
};

/**
 * Starts the shop (server/main.ts) on a free port of 127.0.0.1 with `env` and quiet logs, and waits
 * until /api/health answers (stopping it again if it never does).
 */
export async function startShop(env: Record<string, string>): Promise<Shop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const origin = `http://localhost:${port}`;
  const child = startProcess("server/main.ts", {
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    ...env,
    PORT: String(port),
    PUBLIC_URL: origin,
  });
  try {
    await waitFor(`${url}/api/health`);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { url, origin, process: child };
}

/** Signs `who` up on the shop through the real auth endpoint; their session cookie, as a Cookie header value. */
export async function signUpOn(
  shop: Shop,
  who: { name: string; email: string; password: string },
): Promise<string> {
  const res = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.origin },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The `p`th percentile (0 to 100) of times sorted in ascending order. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export type Measure = { reqPerSec: number; p99: number; errors: number; non2xx: number };

/** Autocannon against `options.url`, by default with BENCH_CONNECTIONS for BENCH_SECONDS. */
export async function load(options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections, duration, ...options });
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printRow(name: string, m: Measure): void {
  console.log(
    `${name.padEnd(34)} ${m.reqPerSec.toFixed(0).padStart(8)} req/s   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors + m.non2xx}`,
  );
}

/** A new, empty database on the PostgreSQL test server, named after `prefix`; `drop` removes it. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await adminConnection((c) => c.query(`create database ${name}`));
  return {
    url: withDatabase(postgresTestUrl, name),
    drop: async () => {
      await adminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A load to measure: runs for `seconds` and reports what it measured. */
export type Run = (seconds: number) => Promise<Measure>;

export type Comparison = { baseline: Measure; shop: Measure };

/**
 * Warms both up, then measures each twice, interleaved, for BENCH_SECONDS, and keeps the better run
 * of each.
 */
export async function compare(baseline: Run, shop: Run): Promise<Comparison> {
  await shop(2);
  await baseline(2);
  const runs: { baseline: Measure[]; shop: Measure[] } = { baseline: [], shop: [] };
  for (let i = 0; i < 2; i++) {
    runs.baseline.push(await baseline(duration));
    runs.shop.push(await shop(duration));
  }
  const best = (ms: Measure[]) => ms.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
  return { baseline: best(runs.baseline), shop: best(runs.shop) };
}

/**
 * Prints what was measured, a row for the baseline and one for the shop, and the shop's rate as a
 * share of the baseline's next to its target.
 */
export function printComparison(
  what: string,
  result: Comparison,
  labels: { baseline: string; shop: string; ratio: string; target: string },
): void {
  console.log(`\n${what}, ${connections} connections, ${duration} s`);
  printRow(labels.baseline, result.baseline);
  printRow(labels.shop, result.shop);
  const ratio = (result.shop.reqPerSec / result.baseline.reqPerSec).toFixed(2);
  console.log(`ratio ${labels.ratio}: ${ratio} (target >= ${labels.target})`);
}
