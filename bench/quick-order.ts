// npm run bench:quick-order — a pasted 40-line quick order (POST /api/cart/quick-order) checked
// against a catalog of 10,000 tools on PostgreSQL: the time from request to answer, one request at
// a time (the cart emptied between them, untimed). Target: p95 ≤ 150 ms. A benchmark, not a test.
//   BENCH_RUNS (default 200), BENCH_LINES (default 40), BENCH_TOOLS (default 10000)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { percentile, type Shop, scratchDatabase, signUpOn, startShop, stop } from "./harness";

const runs = Number(process.env.BENCH_RUNS ?? 200);
const lineCount = Number(process.env.BENCH_LINES ?? 40);
const toolCount = Number(process.env.BENCH_TOOLS ?? 10_000);

const buyer = {
  name: "Bench Workshop",
  email: `bench.quick.${Date.now()}@example.com`,
  password: "bench-password-1",
};

/** A list of `lineCount` tools picked at random, one with a typo'd SKU and one short of its minimum. */
function list(): string {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const n = Math.floor(Math.random() * toolCount);
    if (i === 0) return `NO-SUCH-${n}\t100`;
    return `BQ-${n}\t${i === 1 ? 50 : 100 * (1 + (n % 5))}`;
  });
  return ["sku\tquantity", ...lines].join("\n");
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-quick-order-"));
  const database = await scratchDatabase("cm_bench_quick");
  const db = new pg.Client({ connectionString: database.url });
  let shop: Shop | undefined;
  try {
    shop = await startShop({ DATA_DIR: tmp, DATABASE_URL: database.url, SEED_DEMO_DATA: "false" });
    await db.connect();
    await db.query(
      `insert into tools (name, img, description, price_cents, minimum, increment, maximum, available, sku)
       select 'Bench part ' || g, '/images/tools/piston.svg', 'A part the benchmark orders.', 100 + g % 900,
              100, 100, 10000, 100000, 'BQ-' || g
       from generate_series(0, ${toolCount - 1}) g`,
    );
    await db.query("vacuum analyze tools");
    const cookie = await signUpOn(shop, buyer);
    const headers = { origin: shop.origin, cookie };
    // The floor under this machine's load: a signed-in read of the empty cart (the session and one query).
    const floor: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now();
      const res = await fetch(`${shop.url}/api/cart`, { headers });
      await res.arrayBuffer();
      if (i >= 20) floor.push(performance.now() - started);
    }
    const times: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const body = JSON.stringify({ text: list() });
      const started = performance.now();
      const res = await fetch(`${shop.url}/api/cart/quick-order`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      const answer = (await res.json()) as { added: unknown[]; problems: unknown[] };
      const ms = performance.now() - started;
      if (res.status !== 200)
        throw new Error(`quick order answered ${res.status}: ${JSON.stringify(answer)}`);
      if (answer.problems.length !== 2)
        throw new Error(`expected 2 problem lines: ${JSON.stringify(answer)}`);
      if (i >= 20) times.push(ms); // the first 20 warm up
      await fetch(`${shop.url}/api/cart`, { method: "DELETE", headers });
    }
    times.sort((a, b) => a - b);
    floor.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `\nquick order: ${lineCount} pasted lines against ${toolCount.toLocaleString("en-US")} tools, ${runs} runs`,
    );
    console.log(
      `p50 ${f(percentile(times, 50))}   p95 ${f(percentile(times, 95))}   max ${f(times.at(-1) ?? 0)}`,
    );
    console.log(`target: p95 <= 150 ms`);
    console.log(
      `floor (GET /api/cart, empty): p50 ${f(percentile(floor, 50))}   p95 ${f(percentile(floor, 95))}`,
    );
  } finally {
    await db.end().catch(() => {});
    if (shop) await stop(shop.process);
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
