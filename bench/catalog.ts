// npm run bench:catalog — GET /api/service on the shop next to a bare node:http server answering
// the same bytes, in the same run, on PGlite and on PostgreSQL, then a search (never cached), then
// the server-rendered /tools page the same way (it needs `npm run build`: dist/web and dist/web-ssr).
// A benchmark, not a test.
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_DATABASES (pglite,postgres)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../server/test/free-port";
import {
  compare,
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

/** The shop's answer at `url` against a bare node:http server sending the same bytes and headers. */
async function againstBare(tmp: string, label: string, url: string, kind: string): Promise<void> {
  // As autocannon asks: no Accept-Encoding, so the page comes plain (fetch would ask for Brotli).
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const bodyFile = path.join(tmp, `body-${label.replace(/\W/g, "")}`);
  fs.writeFileSync(bodyFile, Buffer.from(await res.arrayBuffer()));
  const barePort = await freePort();
  const bare = startProcess("bench/bare-server.ts", {
    PORT: String(barePort),
    BODY_FILE: bodyFile,
    HEADERS_JSON: JSON.stringify(sameHeaders(res.headers)),
  });
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitFor(bareUrl);
    const result = await compare(
      (seconds) => load({ url: bareUrl, duration: seconds }),
      (seconds) => load({ url, duration: seconds }),
    );
    printComparison(`${kind}: GET ${label} (${fs.statSync(bodyFile).size} bytes)`, result, {
      baseline: "bare node:http, same bytes",
      shop: `shop on ${kind}`,
      ratio: "shop / bare",
      target: "0.90",
    });
  } finally {
    await stop(bare);
  }
}

async function benchOne(kind: string): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-"));
  const database = kind === "postgres" ? await scratchDatabase("cm_bench") : undefined;
  let shop: Shop | undefined;
  try {
    shop = await startShop({ DATA_DIR: tmp, ...(database ? { DATABASE_URL: database.url } : {}) });
    const url = `${shop.url}/api/service`;
    await againstBare(tmp, "/api/service", url, kind);
    // A search is never cached: what a buyer typing in the search box costs, with a typo.
    const search = await load({ url: `${url}?q=${encodeURIComponent("torqe wrench")}` });
    printRow(`search ?q=torqe wrench on ${kind}`, search);
    // The catalog page as a visitor's browser first gets it: rendered, kept until the catalog changes.
    await againstBare(tmp, "/tools", `${shop.url}/tools`, kind);
  } finally {
    if (shop) await stop(shop.process);
    fs.rmSync(tmp, { recursive: true, force: true });
    await database?.drop();
  }
}

for (const kind of kinds) await benchOne(kind);
