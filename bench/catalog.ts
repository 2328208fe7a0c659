// npm run bench:catalog — GET /api/service on the shop next to a bare node:http server answering
// the same bytes, in the same run, on PGlite and on PostgreSQL, then a search (never cached).
// A benchmark, not a test.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_DATABASES (pglite,postgres)
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  compare,
  freePort,
  load,
  printComparison,
  printRow,
  type Shop,
  scratchDatabase,
  startProcess,
  startShop,
  stop,
  waitFor,
} from "./harness";

const kinds = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");

/** The shop's response headers but those every server writes for itself (date, connection, length). */
function sameHeaders(headers: Headers): Record<string, string> {
  const own = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
  return Object.fromEntries([...headers].filter(([name]) => !own.has(name)));
}

async function benchOne(kind: string): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-"));
  const database = kind === "postgres" ? await scratchDatabase("cm_bench") : undefined;
  let shop: Shop | undefined;
  let bare: ChildProcess | undefined;
  try {
    shop = await startShop({ DATA_DIR: tmp, ...(database ? { DATABASE_URL: database.url } : {}) });
    const url = `${shop.url}/api/service`;
    const res = await fetch(url);
    const bodyFile = path.join(tmp, "body.json");
    fs.writeFileSync(bodyFile, Buffer.from(await res.arrayBuffer()));
    const barePort = await freePort();
    bare = startProcess("bench/bare-server.ts", {
      PORT: String(barePort),
      BODY_FILE: bodyFile,
      HEADERS_JSON: JSON.stringify(sameHeaders(res.headers)),
    });
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitFor(bareUrl);

    const result = await compare(
      (seconds) => load({ url: bareUrl, duration: seconds }),
      (seconds) => load({ url, duration: seconds }),
    );
    printComparison(`${kind}: GET /api/service (${res.headers.get("content-length")} bytes)`, result, {
      baseline: "bare node:http, same bytes",
      shop: `shop on ${kind}`,
      ratio: "shop / bare",
      target: "0.90",
    });
    // A search is never cached: what a buyer typing in the search box costs, with a typo.
    const search = await load({ url: `${url}?q=${encodeURIComponent("torqe wrench")}` });
    printRow(`search ?q=torqe wrench on ${kind}`, search);
  } finally {
    if (bare) await stop(bare);
    if (shop) await stop(shop.process);
    fs.rmSync(tmp, { recursive: true, force: true });
    await database?.drop();
  }
}

for (const kind of kinds) await benchOne(kind);
