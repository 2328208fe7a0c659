// npm run bench:render-flood — what a flood of page addresses nobody asked before (`/tools?q=` with a
// new value each time, as a scraper or an attacker sends them) costs the API's plain reads: the p95
// of GET /api/service and GET /api/review alone, then under the flood, in the same run, and how many
// of the flood's answers were pages rendered by the server (per second). Needs `npm run build`
// (dist/web and dist/web-ssr). A benchmark, not a test.
//   BENCH_SECONDS (default 10), BENCH_FLOOD_CONNECTIONS (default 8), BENCH_READ_CONNECTIONS (default 2
//   per read), BENCH_DATABASE (pglite or postgres; default pglite)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { root, type Shop, scratchDatabase, startShop, stop } from "./harness";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const floodConnections = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 8);
const readConnections = Number(process.env.BENCH_READ_CONNECTIONS ?? 2);
const kind = process.env.BENCH_DATABASE ?? "pglite";
const reads = ["/api/service", "/api/review"];

type Latencies = { times: number[]; failed: number };

function percentile(times: number[], share: number): number {
  if (times.length === 0) return Number.NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/** Autocannon at `url` for `duration` s, every response's time kept (its own report has no p95). */
async function timed(options: autocannon.Options): Promise<Latencies> {
  const latencies: Latencies = { times: [], failed: 0 };
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ duration: seconds, ...options }, (err) => (err ? reject(err) : resolve()));
    instance.on("response", (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 400) latencies.times.push(responseTime);
      else latencies.failed++;
    });
  });
  return latencies;
}

function readRow(label: string, { times, failed }: Latencies): string {
  const p = (share: number) => `${percentile(times, share).toFixed(0).padStart(5)} ms`;
  return `${label.padEnd(40)} ${(times.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${p(0.5)}   p95 ${p(0.95)}   p99 ${p(0.99)}   failed ${failed}`;
}

/** The plain reads, each on its own connections, at once: what every visit's page asks the API. */
const readAll = (shop: Shop) =>
  Promise.all(reads.map((read) => timed({ url: `${shop.url}${read}`, connections: readConnections })));

/** `/tools?q=` with a new value on every request; counts the answers that are server-rendered pages. */
async function flood(shop: Shop) {
  let sent = 0;
  const answers = { rendered: 0, shell: 0, other: 0 };
  const latencies = await timed({
    url: shop.url,
    connections: floodConnections,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: `/tools?q=flood-${sent++}-${Date.now()}` }),
        onResponse: (status, body) => {
          if (status !== 200) answers.other++;
          else if (body.includes('id="page-data"')) answers.rendered++;
          else answers.shell++;
        },
      },
    ],
  });
  return { latencies, answers };
}

async function main() {
  if (!fs.existsSync(path.join(root, "dist/web-ssr/entry-server.js"))) {
    throw new Error("run `npm run build` first: the flood asks for server-rendered pages");
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-"));
  const database = kind === "postgres" ? await scratchDatabase("cm_bench_flood") : undefined;
  let shop: Shop | undefined;
  try {
    shop = await startShop({ DATA_DIR: tmp, ...(database ? { DATABASE_URL: database.url } : {}) });
    // Warm: the reads' caches, the default pages rendered and kept.
    for (const address of [...reads, "/", "/tools"]) await fetch(`${shop.url}${address}`);
    await Promise.all(
      reads.map((read) => timed({ url: `${shop?.url}${read}`, connections: 1, duration: 2 })),
    );

    const quiet = await readAll(shop);
    const [flooded, readsUnderFlood] = await Promise.all([flood(shop), readAll(shop)]);

    console.log(
      `\n${kind}: ${readConnections} connections per read, ${seconds} s; flood: ${floodConnections} connections of /tools?q=<new each time>`,
    );
    reads.forEach((read, i) => {
      console.log(readRow(`GET ${read} alone`, quiet[i] as Latencies));
      console.log(readRow(`GET ${read} under the flood`, readsUnderFlood[i] as Latencies));
    });
    console.log(readRow("the flood's /tools?q=…", flooded.latencies));
    const { rendered, shell, other } = flooded.answers;
    console.log(
      `flood answers: ${rendered} rendered by the server (${(rendered / seconds).toFixed(1)} renders/s), ${shell} the app's shell, ${other} other`,
    );
  } finally {
    if (shop) await stop(shop.process);
    fs.rmSync(tmp, { recursive: true, force: true });
    await database?.drop();
  }
}

await main();
