// The checkout scenarios of `npm run bench:orders` (bench/orders.ts): POST /api/checkout of a
// 50-line cart on the shop (PostgreSQL) next to the same SQL sent straight through `pg`, as a ratio,
// and the time a 500-line checkout takes (p50/p95), one at a time. A benchmark, not a test.
//
// The statements are the shop's own: a checkout is run once per buyer by the real app, built here
// in this process on the same database with a drizzle logger (server/db/database.ts openPostgres),
// and what it sent after the session lookup is replayed with the same parameters, a new order id,
// Idempotency-Key and order number each time (the columns they go in are unique).
//
// Fairness: every checkout needs a full cart, so before EACH checkout, on both sides alike, the
// buyer's cart is filled by one INSERT … SELECT through a pool of the benchmark's own, and that
// fill is not timed; only the checkout is (the HTTP request, or the replayed statements). The rate
// is then checkouts per second of checking out: BENCH_CONNECTIONS workers each keep one checkout
// in flight, so it is workers × checkouts ÷ time spent in them. Each worker has a buyer and 50
// tools of its own, so checkouts never queue on another's tool locks: what is measured is the
// checkout path, not contention between buyers.
//   BENCH_CHECKOUTS_500 (default 30): how many 500-line checkouts are timed.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { centsToDollars, lotTotalCents } from "../contract/money";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openPostgres } from "../server/db/database";
import {
  compare,
  connections,
  type Measure,
  percentile,
  printComparison,
  type Shop,
  signUpOn,
} from "./harness";

const bigCheckouts = Number(process.env.BENCH_CHECKOUTS_500 ?? 30);
const smallLines = 50;
const bigLines = 500;
/** The server's pool size (server/db/database.ts): the baseline gets the same. */
const poolSize = 10;

const neededBy = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** The longest lead time of the bench's tools: every line can arrive by `neededBy`. */
const longestLeadDays = 10;

type Tool = { id: string; priceCents: number };
type Buyer = { cookie: string; userId: string };
/** A buyer and the tools of the cart they check out again and again. */
type Cart = { buyer: Buyer; tools: Tool[]; body: string };
type Statement = { sql: string; params: unknown[] };

/** How many pieces the cart holds of its n-th line (a 100 to 500 piece lot). */
const quantityOf = (n: number) => 100 * (1 + (n % 5));

/** What POST /api/checkout is sent for a cart: the delivery details and the total the buyer confirmed. */
function checkoutBody(tools: readonly Tool[]): string {
  const cents = tools.reduce((sum, t, n) => sum + lotTotalCents(t.priceCents, quantityOf(n)), 0);
  return JSON.stringify({
    orderPhone: "+1 555 010 0100",
    orderAddress: "12 Garage Lane, Springfield",
    orderDate: neededBy,
    confirmedTotal: centsToDollars(cents),
  });
}

/** The buyer's cart filled with these tools in this order (untimed, the same on both sides). */
async function fill(pool: pg.Pool, cart: Cart): Promise<void> {
  await pool.query(
    `insert into cart_lines (user_id, tool_id, quantity, added_unit_price_cents)
     select $1, t.id, 100 * (1 + ((w.n - 1) % 5))::integer, t.price_cents
     from unnest($2::uuid[]) with ordinality as w(id, n) join tools t on t.id = w.id
     order by w.n`,
    [cart.buyer.userId, cart.tools.map((t) => t.id)],
  );
}

/** A captured parameter: the order number, a string around the order id or key, or as it was. */
type Param =
  | { kind: "number" }
  | { kind: "parts"; parts: string[] }
  | { kind: "array"; items: Param[] }
  | { kind: "value"; value: unknown };

/**
 * A checkout's statements as the shop sent them, ready to replay: each parameter holding the order
 * id or the Idempotency-Key (the ids, the mail, the stored answer) split around it once here, so a
 * replay only joins the parts with its own; the captured order number is swapped for one drawn.
 */
function replayable(statements: readonly Statement[], orderId: string, key: string, number: number) {
  const marker = new RegExp(`(${orderId}|${key})`);
  const template = (p: unknown): Param => {
    if (p === number || p === String(number)) return { kind: "number" };
    if (typeof p === "string" && marker.test(p)) return { kind: "parts", parts: p.split(marker) };
    if (Array.isArray(p)) return { kind: "array", items: p.map(template) }; // an array parameter (db/arrays.ts)
    return { kind: "value", value: p };
  };
  const templates = statements.map((s) => ({
    sql: s.sql,
    draws: s.sql.includes("nextval('order_number_seq')"),
    params: s.params.map(template),
  }));
  /** Runs the checkout's statements in order, the transaction's on one connection. */
  return async (pool: pg.Pool): Promise<void> => {
    const ids: Record<string, string> = { [orderId]: randomUUID(), [key]: randomUUID() };
    let drawn = 0;
    let client: pg.PoolClient | undefined;
    try {
      for (const t of templates) {
        if (t.sql === "begin") client = await pool.connect();
        const value = (p: Param): unknown =>
          p.kind === "number"
            ? drawn
            : p.kind === "parts"
              ? p.parts.map((part) => ids[part] ?? part).join("")
              : p.kind === "array"
                ? p.items.map(value)
                : p.value;
        const params = t.params.map(value);
        const result = await (client ?? pool).query(t.sql, params);
        if (t.draws) drawn = Number(result.rows[0]?.number);
        if (t.sql === "commit") {
          client?.release();
          client = undefined;
        }
      }
    } catch (err) {
      await client?.query("rollback").catch(() => {});
      client?.release();
      throw err;
    }
  };
}

/**
 * The statements the shop sends for POST /api/checkout of `cart` (filled first), captured from the
 * real app built in this process with the shop's AUTH_SECRET and address, so the shop's session
 * cookie is good here too. Better Auth's session lookup is left out, as bench/orders.ts leaves it out.
 */
async function captureCheckout(
  databaseUrl: string,
  env: Record<string, string>,
  fillPool: pg.Pool,
  carts: readonly Cart[],
): Promise<((pool: pg.Pool) => Promise<void>)[]> {
  let log: Statement[] | undefined;
  const database = await openPostgres(databaseUrl, 2, {
    logQuery: (sql, params) => log?.push({ sql, params }),
  });
  const app = await buildApp({
    database,
    config: loadConfig({ ...env, LOG_LEVEL: "silent", DATABASE_URL: databaseUrl }),
    serveWeb: false,
  });
  try {
    await app.ready();
    const replays = [];
    for (const cart of carts) {
      await fill(fillPool, cart);
      const key = randomUUID();
      log = [];
      const res = await app.inject({
        method: "POST",
        url: "/api/checkout",
        headers: checkoutHeaders(env.PUBLIC_URL ?? "", cart.buyer.cookie, key),
        payload: cart.body,
      });
      // Left out: Better Auth's session lookup, and the mail sender's claim that the enqueued
      // confirmation wakes (its own work, after the answer, as in the shop's process).
      const statements = log.filter(
        (s) => !/from "(session|user)"|^update "outbox" set "status"/.test(s.sql),
      );
      log = undefined;
      if (res.statusCode !== 201)
        throw new Error(`capture: checkout answered ${res.statusCode}: ${res.body}`);
      const { order } = res.json() as { order: { _id: string; orderNumber: string } };
      replays.push(replayable(statements, order._id, key, Number(order.orderNumber.replace(/\D/g, ""))));
    }
    return replays;
  } finally {
    await app.close();
    await database.close();
  }
}

function checkoutHeaders(origin: string, cookie: string, key: string) {
  return { "content-type": "application/json", origin, cookie, "idempotency-key": key };
}

/** The shop's checkout of `cart` over HTTP, as the web app sends it (with its Idempotency-Key). */
async function checkoutOnShop(shop: Shop, cart: Cart): Promise<void> {
  const res = await fetch(`${shop.url}/api/checkout`, {
    method: "POST",
    headers: checkoutHeaders(shop.origin, cart.buyer.cookie, randomUUID()),
    body: cart.body,
  });
  const answer = await res.text();
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${answer}`);
}

/**
 * `connections` workers, worker i checking out `carts[i]` again and again for `seconds`: each
 * checkout's cart filled first (not timed), then `checkoutOf` timed.
 */
async function checkoutLoad(
  fillPool: pg.Pool,
  carts: readonly Cart[],
  checkoutOf: (i: number) => Promise<void>,
  seconds: number,
): Promise<Measure> {
  const latencies: number[] = [];
  let busyMs = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  async function worker(i: number) {
    const cart = carts[i];
    if (!cart) return;
    while (performance.now() < until) {
      await fill(fillPool, cart);
      const started = performance.now();
      try {
        await checkoutOf(i);
        latencies.push(performance.now() - started);
      } catch {
        errors++;
        // Whatever was left in the cart goes, so the next fill starts from empty.
        await fillPool.query("delete from cart_lines where user_id = $1", [cart.buyer.userId]);
      }
      busyMs += performance.now() - started;
    }
  }
  await Promise.all(carts.map((_, i) => worker(i)));
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: busyMs === 0 ? 0 : (latencies.length * carts.length * 1000) / busyMs,
    p99: Math.round(percentile(latencies, 99)),
    errors,
    non2xx: 0,
  };
}

/** `count` checkouts of `cart` one after the other (after 3 untimed), each filled first: their times. */
async function oneAtATime(
  fillPool: pg.Pool,
  cart: Cart,
  checkoutOnce: () => Promise<void>,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    await fill(fillPool, cart);
    const started = performance.now();
    await checkoutOnce();
    if (i >= 3) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * CPU time (ms) a process and its descendants have used so far, from /proc (Linux; NaN elsewhere):
 * what a checkout costs the shop's process, whatever the machine's load does to the wall clock.
 */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined || !fs.existsSync("/proc/self/stat")) return Number.NaN;
  const stats = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // pid (comm) state ppid … utime stime: fields 14 and 15, counted after the comm's ")".
        const fields = fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
        return [
          { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) },
        ];
      } catch {
        return []; // gone meanwhile
      }
    });
  const tree = new Set([pid]);
  let ticks = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) {
      if (!tree.has(s.pid) && tree.has(s.ppid)) {
        tree.add(s.pid);
        grew = true;
      }
    }
  }
  for (const s of stats) if (tree.has(s.pid)) ticks += s.ticks;
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Tools for every cart of the bench, each with stock for any number of orders and a lead time ≤ 10 days. */
async function insertTools(db: pg.Pool, count: number): Promise<Tool[]> {
  await db.query(
    `insert into tools (name, img, description, price_cents, minimum, available, lead_time_days, sku)
     select 'Bench checkout part ' || g, '/images/tools/piston.svg', 'A part the checkout benchmark orders.',
            100 + (g * 37) % 900, 100, 2000000000, 1 + g % ${longestLeadDays}, 'BC-' || g
     from generate_series(0, ${count - 1}) g`,
  );
  const rows = await db.query<{ id: string; price_cents: number }>(
    `select id, price_cents from tools where sku like 'BC-%' order by substr(sku, 4)::integer`,
  );
  return rows.rows.map((r) => ({ id: r.id, priceCents: r.price_cents }));
}

async function signUpBuyer(shop: Shop, db: pg.Pool, n: number): Promise<Buyer> {
  const email = `bench.checkout.${n}.${Date.now()}@example.com`;
  const cookie = await signUpOn(shop, { name: `Bench Buyer ${n}`, email, password: "bench-password-1" });
  const user = await db.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
  const userId = user.rows[0]?.id;
  if (!userId) throw new Error("the buyer's row is missing");
  return { cookie, userId };
}

/**
 * Runs both checkout scenarios against `shop`, started on `databaseUrl` with `env` (its
 * AUTH_SECRET and PUBLIC_URL are what the captured app needs too).
 */
export async function benchCheckout(shop: Shop, databaseUrl: string, env: Record<string, string>) {
  const fillPool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  for (const p of [fillPool, pool]) p.on("error", () => {}); // cut when the database is dropped
  try {
    const tools = await insertTools(fillPool, Math.max(bigLines, connections * smallLines));
    const buyers: Buyer[] = [];
    for (let i = 0; i < connections; i++) buyers.push(await signUpBuyer(shop, fillPool, i));
    const carts = buyers.map((buyer, i): Cart => {
      const own = tools.slice(i * smallLines, (i + 1) * smallLines);
      return { buyer, tools: own, body: checkoutBody(own) };
    });
    const big: Cart = {
      buyer: await signUpBuyer(shop, fillPool, connections),
      tools: tools.slice(0, bigLines),
      body: "",
    };
    big.body = checkoutBody(big.tools);
    const [bigReplay, ...replays] = await captureCheckout(databaseUrl, env, fillPool, [big, ...carts]);
    if (!bigReplay) throw new Error("nothing captured");

    const result = await compare(
      (seconds) => checkoutLoad(fillPool, carts, (i) => (replays[i] ?? bigReplay)(pool), seconds),
      (seconds) =>
        checkoutLoad(
          fillPool,
          carts,
          (i) => {
            const cart = carts[i];
            if (!cart) throw new Error("no cart");
            return checkoutOnShop(shop, cart);
          },
          seconds,
        ),
    );
    printComparison(
      `postgres: POST /api/checkout of a ${smallLines}-line cart (Idempotency-Key; the cart filled before each, untimed)`,
      result,
      {
        baseline: "same SQL straight through pg",
        shop: "shop POST /api/checkout",
        ratio: "shop / direct",
        target: "0.60",
      },
    );

    const benchCpu = process.cpuUsage();
    const direct = await oneAtATime(fillPool, big, () => bigReplay(pool), bigCheckouts);
    const used = process.cpuUsage(benchCpu);
    const directCpuMs = (used.user + used.system) / 1000 / (bigCheckouts + 3);
    const shopCpu = cpuMsOf(shop.process.pid);
    const onShop = await oneAtATime(fillPool, big, () => checkoutOnShop(shop, big), bigCheckouts);
    const shopCpuMs = (cpuMsOf(shop.process.pid) - shopCpu) / (bigCheckouts + 3);
    const f = (ms: number) => `${ms.toFixed(0)} ms`.padStart(7);
    console.log(
      `\npostgres: POST /api/checkout of a ${bigLines}-line cart, one at a time, ${bigCheckouts} runs`,
    );
    for (const [name, times] of [
      ["same SQL straight through pg", direct],
      ["shop POST /api/checkout", onShop],
    ] as const) {
      console.log(
        `${name.padEnd(34)} p50 ${f(percentile(times, 50))}   p95 ${f(percentile(times, 95))}   max ${f(times.at(-1) ?? 0)}`,
      );
    }
    console.log("target: shop p95 <= 1000 ms");
    console.log(
      `CPU a checkout: shop process ${shopCpuMs.toFixed(0)} ms; the direct side's client (this process, fills included) ${directCpuMs.toFixed(0)} ms`,
    );
  } finally {
    await fillPool.end();
    await pool.end();
  }
}
