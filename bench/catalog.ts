// npm run bench:catalog — GET /api/service on the shop next to a bare node:http server answering
// the same bytes, in the same run, on PGlite and on PostgreSQL. A benchmark, not a test.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_DATABASES (pglite,postgres)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { adminConnection, postgresTestUrl, withDatabase } from "../server/test/postgres";
import { freePort, load, type Measure, printRow, startProcess, stop, waitFor } from "./harness";

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const kinds = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");

async function benchOne(kind: string): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-"));
  const dbName = `cm_bench_${Date.now().toString(36)}`;
  const env: Record<string, string> = { LOG_LEVEL: "warn", HOST: "127.0.0.1", DATA_DIR: tmp };
  if (kind === "postgres") {
    await adminConnection((c) => c.query(`create database ${dbName}`));
    env.DATABASE_URL = withDatabase(postgresTestUrl, dbName);
  }
  const shopPort = await freePort();
  const shop = startProcess("server/main.ts", { ...env, PORT: String(shopPort) });
  const barePort = await freePort();
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    const url = `http://127.0.0.1:${shopPort}/api/service`;
    await waitFor(`http://127.0.0.1:${shopPort}/api/health`);
    const res = await fetch(url);
    const bodyFile = path.join(tmp, "body.json");
    fs.writeFileSync(bodyFile, Buffer.from(await res.arrayBuffer()));
    bare = startProcess("bench/bare-server.ts", {
      PORT: String(barePort),
      BODY_FILE: bodyFile,
      TOTAL_COUNT: res.headers.get("x-total-count") ?? "0",
    });
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitFor(bareUrl);

    // Warm both up, then measure each twice, interleaved, and keep the better run of each.
    await load({ url, duration: 2, connections });
    await load({ url: bareUrl, duration: 2, connections });
    const runs: { shop: Measure[]; bare: Measure[] } = { shop: [], bare: [] };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load({ url: bareUrl, duration, connections }));
      runs.shop.push(await load({ url, duration, connections }));
    }
    const best = (ms: Measure[]) => ms.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
    const shopBest = best(runs.shop);
    const bareBest = best(runs.bare);
    console.log(
      `\n${kind}: GET /api/service (${res.headers.get("content-length")} bytes), ${connections} connections, ${duration} s`,
    );
    printRow("bare node:http, same bytes", bareBest);
    printRow(`shop on ${kind}`, shopBest);
    console.log(
      `ratio shop / bare: ${(shopBest.reqPerSec / bareBest.reqPerSec).toFixed(2)} (target >= 0.90)`,
    );
  } finally {
    if (bare) await stop(bare);
    await stop(shop);
    fs.rmSync(tmp, { recursive: true, force: true });
    if (kind === "postgres")
      await adminConnection((c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

for (const kind of kinds) await benchOne(kind);
