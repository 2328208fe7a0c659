// npm run bench:password-reset — does POST /api/auth/request-password-reset tell by its time whether
// an address has an account? The shop (embedded database, or PostgreSQL with BENCH_POSTGRES=1) gets
// BENCH_RESETS (default 40) requests for an address with an account and as many for unknown ones,
// interleaved one after the other, and the median time of each is printed. A benchmark, not a test:
// the test (server/accounts/password-reset.test.ts) asserts that both do the same work before answering.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type Shop, scratchDatabase, startShop, stop } from "./harness";

const resets = Number(process.env.BENCH_RESETS ?? 40);

async function signUp(shop: Shop, email: string): Promise<void> {
  const res = await fetch(`${shop.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: shop.origin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench Owner", email, password: "bench-password-1" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
}

/** One request's time in milliseconds, from sending it to the end of the answer's body. */
async function timeReset(shop: Shop, email: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${shop.url}/api/auth/request-password-reset`, {
    method: "POST",
    headers: { origin: shop.origin, "content-type": "application/json" },
    body: JSON.stringify({ email, redirectTo: "/reset-password" }),
  });
  await res.text();
  const took = performance.now() - start;
  if (!res.ok) throw new Error(`request-password-reset: ${res.status}`);
  return took;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-reset-"));
const database = process.env.BENCH_POSTGRES ? await scratchDatabase("bench_reset") : undefined;
let shop: Shop | undefined;
try {
  shop = await startShop({
    DATA_DIR: tmp,
    SEED_DEMO_DATA: "false",
    // Every request answered, none refused by the per-address limit.
    AUTH_RATE_LIMIT: String(10 * resets),
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const known = `bench.owner.${Date.now()}@example.com`;
  await signUp(shop, known);
  // Warm-up: both paths once.
  await timeReset(shop, known);
  await timeReset(shop, `warm.${Date.now()}@example.com`);
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < resets; i++) {
    times.known.push(await timeReset(shop, known));
    times.unknown.push(await timeReset(shop, `nobody.${i}.${Date.now()}@example.com`));
  }
  console.log(
    `\nPOST /api/auth/request-password-reset on ${database ? "PostgreSQL" : "PGlite"}, ${resets} + ${resets} interleaved`,
  );
  console.log(`median, address with an account  ${median(times.known).toFixed(1).padStart(7)} ms`);
  console.log(`median, unknown address          ${median(times.unknown).toFixed(1).padStart(7)} ms`);
} finally {
  if (shop) await stop(shop.process);
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
