// npm run bench:lists — the admin order list and a buyer's own orders on PostgreSQL with 10,000 and
// then 1,000,000 orders, inserted in SQL (a busy shop: statuses spread, 200 orders of one buyer), to
// show that a page costs the same however many orders the shop ever took (decision 013). A
// benchmark, not a test.
//   BENCH_SECONDS (default 5) per run, BENCH_RUNS (default 3, the median is printed),
//   BENCH_CONNECTIONS (default 8), BENCH_SIZES (default 10000,1000000)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { pageLinks } from "../contract/paging";
import { type Shop, scratchDatabase, startShop, stop } from "./harness";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const sizes = (process.env.BENCH_SIZES ?? "10000,1000000").split(",").map(Number);
/** The web's page size (web/src/features/orders/api/read-order-page.ts). */
const limit = 10;
const buyerOrders = 200;
const deepPages = 50;

const buyer = {
  name: "Bench Buyer",
  email: `bench.buyer.${Date.now()}@example.com`,
  password: "bench-password-1",
};
const admin = {
  name: "Bench Admin",
  email: `bench.admin.${Date.now()}@example.com`,
  password: "bench-password-1",
};

type Figure = { p975: number; reqPerSec: number; errors: number };
type Row = { name: string; who: "admin" | "buyer"; paths: () => Promise<string[]> };

async function signUp(shop: Shop, who: typeof buyer): Promise<string> {
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

/**
 * Orders `from`..`to` (older the higher the number) in ONE statement, with the triggers (and foreign
 * key checks) off for the bulk load, then the status counters recomputed in SQL as the trigger
 * would have kept them. One in 20 statuses pending, 2 paid, 14 shipped, 3 cancelled; the buyer's
 * 200 orders spread through the first fill.
 */
async function fill(db: pg.Client, from: number, to: number, buyerId: string, toolId: string) {
  const every = Math.max(1, Math.floor(sizes[0] ?? 10_000) / buyerOrders);
  await db.query("begin");
  await db.query("set local session_replication_role = replica");
  await db.query(
    `with placed as (insert into orders (tool_id, user_id, name, email, phone, address, needed_by, product_name,
       unit_price_cents, quantity, total_cents, status, transaction_id, created_at, updated_at)
     select $1, case when g <= $4 and g % $5 = 0 then $3 else 'bench-user-' || (g % 1000) end,
       'Buyer ' || g, 'buyer' || (g % 1000) || '@example.com', '+1 555 010 0100', '12 Garage Lane',
       '2030-01-15', case g % 3 when 0 then 'Bench Spark Plug' when 1 then 'Bench Torque Wrench' else 'Bench Jack' end,
       640, 10, 6400, s.status, case when s.status in ('paid', 'shipped') then 'pi_bench_' || g end, t.at, t.at
     from generate_series($2::int, $6::int) g
     cross join lateral (select case
       when g % 20 = 0 then 'pending' when g % 20 in (1, 2) then 'paid'
       when g % 20 in (3, 4, 5) then 'cancelled' else 'shipped' end as status) s
     cross join lateral (select now() - interval '1 hour' - g * interval '7 seconds'
       - (g::bigint * 7919 % 1000) * interval '1 microsecond' as at) t
     returning id, tool_id, product_name, unit_price_cents, quantity)
     insert into order_lines (order_id, line_no, tool_id, product_name, unit_price_cents, quantity)
     select id, 1, tool_id, product_name, unit_price_cents, quantity from placed`,
    [toolId, from, buyerId, sizes[0] ?? 10_000, every, to],
  );
  await db.query("delete from order_status_counts");
  await db.query(
    "insert into order_status_counts (status, shard, count) select status, hashtext(id::text) & 15, count(*) from orders group by 1, 2",
  );
  await db.query("commit");
  await db.query("vacuum analyze orders");
}

async function measure(shop: Shop, cookie: string, paths: string[]): Promise<Figure> {
  const figures: Figure[] = [];
  const request = (path: string) => ({
    method: "GET" as const,
    path,
    headers: { cookie, origin: shop.origin },
  });
  await autocannon({ url: shop.url, connections, duration: 1, requests: paths.map(request) });
  for (let i = 0; i < runs; i++) {
    const r = await autocannon({
      url: shop.url,
      connections,
      duration: seconds,
      requests: paths.map(request),
    });
    figures.push({
      p975: r.latency.p97_5,
      reqPerSec: r.requests.average,
      errors: r.errors + r.timeouts + r.non2xx,
    });
  }
  const median = (pick: (f: Figure) => number) =>
    figures.map(pick).sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? Number.NaN;
  return {
    p975: median((f) => f.p975),
    reqPerSec: median((f) => f.reqPerSec),
    errors: figures.reduce((n, f) => n + f.errors, 0),
  };
}

/** The first page and the next `deepPages - 1` pages' paths, by following rel="next". */
async function followNext(shop: Shop, cookie: string, first: string): Promise<string[]> {
  const paths = [first];
  while (paths.length < deepPages) {
    const res = await fetch(`${shop.url}${paths.at(-1)}`, { headers: { cookie, origin: shop.origin } });
    if (!res.ok) throw new Error(`${paths.at(-1)} answered ${res.status}`);
    const next = pageLinks(res.headers.get("link")).next;
    if (!next) break;
    paths.push(next);
  }
  return paths;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-lists-"));
  const database = await scratchDatabase("cm_bench_lists");
  const db = new pg.Client({ connectionString: database.url });
  let shop: Shop | undefined;
  try {
    shop = await startShop({ DATA_DIR: tmp, DATABASE_URL: database.url, SEED_DEMO_DATA: "false" });
    await db.connect();
    const cookies = { buyer: await signUp(shop, buyer), admin: await signUp(shop, admin) };
    await db.query(`update "user" set role = 'admin' where email = $1`, [admin.email]);
    await db.query(
      `insert into "user" (id, name, email) select 'bench-user-' || g, 'Buyer ' || g, 'buyer' || g || '@example.com' from generate_series(0, 999) g`,
    );
    const buyerId = (await db.query<{ id: string }>(`select id from "user" where email = $1`, [buyer.email]))
      .rows[0]?.id;
    const toolId = (
      await db.query<{ id: string }>(
        `insert into tools (name, img, description, price_cents, minimum, available)
         values ('Bench Spark Plug', '/images/tools/spark-plug.svg', 'The benchmark orders this.', 640, 1, 2000000000) returning id`,
      )
    ).rows[0]?.id;
    if (!buyerId || !toolId) throw new Error("set-up rows missing");

    const all = `/api/allOrder?limit=${limit}`;
    const toActOn = `${all}&status=pending,paid`;
    const fourStatuses = `${all}&status=pending,paid,shipped,cancelled`;
    const rows: Row[] = [
      { name: "admin: to act on (default), page 1", who: "admin", paths: async () => [toActOn] },
      {
        name: `admin: to act on, next ×${deepPages}`,
        who: "admin",
        paths: () => followNext(shop as Shop, cookies.admin, toActOn),
      },
      { name: "admin: all statuses, page 1", who: "admin", paths: async () => [all] },
      {
        name: `admin: all statuses, next ×${deepPages}`,
        who: "admin",
        paths: () => followNext(shop as Shop, cookies.admin, all),
      },
      { name: "admin: the four statuses named, page 1", who: "admin", paths: async () => [fourStatuses] },
      { name: "buyer: own orders, page 1", who: "buyer", paths: async () => [`/api/order?limit=${limit}`] },
      {
        name: `buyer: own orders, next ×${deepPages}`,
        who: "buyer",
        paths: () => followNext(shop as Shop, cookies.buyer, `/api/order?limit=${limit}`),
      },
    ];

    const results = new Map<number, Figure[]>();
    let filled = 0;
    for (const size of sizes) {
      const started = Date.now();
      await fill(db, filled + 1, size, buyerId, toolId);
      filled = size;
      const load = os.loadavg()[0]?.toFixed(1);
      console.log(
        `\n${size.toLocaleString("en-US")} orders (filled in ${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load}); ${connections} connections, median of ${runs} × ${seconds} s`,
      );
      const figures: Figure[] = [];
      for (const row of rows) {
        const f = await measure(shop, cookies[row.who], await row.paths());
        figures.push(f);
        console.log(
          `${row.name.padEnd(40)} p97.5 ${String(f.p975).padStart(5)} ms ${f.reqPerSec.toFixed(0).padStart(7)} req/s   errors ${f.errors}`,
        );
      }
      results.set(size, figures);
    }

    const [small, large] = [sizes[0], sizes.at(-1)].map((s) => results.get(s ?? 0) ?? []);
    if (sizes.length > 1 && small && large) {
      console.log(
        `\ngrowth ${sizes[0]?.toLocaleString("en-US")} → ${sizes.at(-1)?.toLocaleString("en-US")} (target p97.5 ≤ 1.5×)`,
      );
      let met = true;
      rows.forEach((row, i) => {
        const growth = (large[i]?.p975 ?? Number.NaN) / Math.max(1, small[i]?.p975 ?? Number.NaN);
        met &&= growth <= 1.5;
        console.log(`${row.name.padEnd(40)} ×${growth.toFixed(2)}`);
      });
      const own = large.at(-2)?.p975 ?? Number.NaN;
      const worstAdmin = Math.max(...large.slice(0, -2).map((f) => f.p975));
      console.log(
        `largest admin p97.5 / own orders p97.5 at ${sizes.at(-1)?.toLocaleString("en-US")}: ×${(worstAdmin / Math.max(1, own)).toFixed(2)} (target ≤ 2×)`,
      );
      console.log(met && worstAdmin <= 2 * Math.max(1, own) ? "targets met" : "targets NOT met");
    }
  } finally {
    await db.end().catch(() => {});
    if (shop) await stop(shop.process);
    fs.rmSync(tmp, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
