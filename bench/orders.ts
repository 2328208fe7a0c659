// npm run bench:orders — signed-in POST /api/order on the shop (PostgreSQL) next to the same SQL
// (the tool read beside the draw of the order's number, and the one statement that takes stock and inserts the order and its mail, see
// server/orders/take-stock.ts) issued directly through `pg` with the same concurrency, in the same
// run. A benchmark, not a test. The tool has stock for billions of pieces, so every order succeeds.
// Then the checkout of a 50-line cart against the same SQL, and a 500-line checkout's p50/p95
// (bench/checkout.ts).
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10), BENCH_CHECKOUTS_500 (default 30)
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { noTax } from "../contract/tax";
import { lotOf } from "../server/catalog/stock";
import type { Db } from "../server/db/database";
import { createOrderMessages } from "../server/orders/messages/order-messages";
import { placeOrderTakingStock } from "../server/orders/take-stock";
import { benchCheckout } from "./checkout";
import {
  compare,
  connections,
  load,
  type Measure,
  printComparison,
  type Shop,
  scratchDatabase,
  startShop,
  stop,
} from "./harness";

/** The server's pool size (server/db/database.ts): the baseline gets the same. */
const poolSize = 10;

const neededBy = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const buyer = {
  name: "Bench Workshop",
  email: `bench.${Date.now()}@example.com`,
  password: "bench-password-1",
};

/** The order number the captured statement carries, replaced in each replay by one drawn for it. */
const sentinelNumber = 9_000_000_000;
/** What the shop sends beside the tool read: the order's number (server/orders/take-stock.ts). */
const drawNumber = "select nextval('order_number_seq') as number";

type Setup = { toolId: string; userId: string; cookie: string; origin: string };
type Statement = { sql: string; params: unknown[] };

/**
 * The two statements the shop sends for an order (after the session lookup), rendered by the
 * shop's own code so the baseline cannot drift from it: the tool read for the lot rules, and the
 * single statement that takes the stock and inserts the order, its event, its stock movement and the
 * buyer's confirmation (rendered once here by the shop's template, as the shop renders one per order).
 * `placeOrder(number)` gives the statement with a new order id each time, as each order has, and
 * the number drawn for it.
 */
async function shopStatements(
  s: Setup,
): Promise<{ readTool: Statement; placeOrder: (number: number) => Statement }> {
  const dialect = new PgDialect({ casing: "snake_case" });
  const readTool = lotOf(drizzle.mock({ casing: "snake_case" }), s.toolId).toSQL();
  let captured: Statement | undefined;
  const capture = {
    execute: async (query: SQL) => {
      captured = dialect.sqlToQuery(query);
      return { rows: [] };
    },
  };
  const sentinel = randomUUID();
  // Each replay carries the number drawn for it (the column is unique).
  const order = {
    id: sentinel,
    number: sentinelNumber,
    createdAt: new Date(),
    unitPriceCents: 640,
    pricing: { priceCents: 640, priceBreaks: [] },
    toolId: s.toolId,
    userId: s.userId,
    name: buyer.name,
    email: buyer.email,
    phone: "+1 555 010 0100",
    address: "12 Garage Lane, Springfield",
    neededBy,
    quantity: 1,
    paymentMethod: "card" as const,
    companyId: null,
    poNumber: null,
    country: "US",
    region: "",
    tax: noTax,
    taxExemptReason: null,
    buyerTaxId: null,
  };
  const messages = createOrderMessages({ publicUrl: "http://localhost:3000", unpaidOrderHours: 48 });
  const { pricing: _, tax: __, ...shown } = order;
  const confirmation = await messages.placed({
    ...shown,
    productName: "Bench Spark Plug",
    totalCents: order.unitPriceCents * order.quantity,
    status: "pending",
    transactionId: null,
    shippedOn: null,
    dueOn: null,
    taxCents: 0,
    invoiceNumber: null,
    creditNoteNumber: null,
    updatedAt: order.createdAt,
  });
  await placeOrderTakingStock(capture as unknown as Db, order, confirmation);
  const statement = captured;
  if (!statement) throw new Error("the order statement was not captured");
  const dedupeKey = `order-placed:${sentinel}`;
  return {
    readTool,
    placeOrder: (number) => {
      const id = randomUUID();
      const params = statement.params.map((p) =>
        p === sentinel ? id : p === dedupeKey ? `order-placed:${id}` : p === sentinelNumber ? number : p,
      );
      return { sql: statement.sql, params };
    },
  };
}

/** The same statements as the shop, straight through a pg pool, `connections` at a time. */
async function directStatements(pool: pg.Pool, s: Setup, seconds: number): Promise<Measure> {
  const { readTool, placeOrder } = await shopStatements(s);
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  async function worker() {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const [, drawn] = await Promise.all([
          pool.query(readTool.sql, readTool.params),
          pool.query<{ number: string }>(drawNumber),
        ]);
        const statement = placeOrder(Number(drawn.rows[0]?.number));
        const placed = await pool.query(statement.sql, statement.params);
        if (placed.rowCount !== 1) throw new Error("out of stock");
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: latencies.length / seconds,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    errors,
    non2xx: 0,
  };
}

async function setUp(baseUrl: string, origin: string, databaseUrl: string): Promise<Setup> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(buyer),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tool = await client.query<{ id: string }>(
      `insert into tools (name, img, description, price_cents, minimum, available)
       values ('Bench Spark Plug', '/images/tools/spark-plug.svg', 'A tool with stock for every order of the benchmark.', 640, 1, 2000000000)
       returning id`,
    );
    const user = await client.query<{ id: string }>(`select id from "user" where email = $1`, [buyer.email]);
    const toolId = tool.rows[0]?.id;
    const userId = user.rows[0]?.id;
    if (!toolId || !userId) throw new Error("set-up rows missing");
    return { toolId, userId, cookie, origin };
  } finally {
    await client.end();
  }
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "car-mechanic-bench-orders-"));
  const database = await scratchDatabase("cm_bench_orders");
  const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
  pool.on("error", () => {}); // idle connections are cut when the database is dropped at the end
  let shop: Shop | undefined;
  try {
    // The checkout bench builds the app in its own process too: the same secret reads the same sessions.
    const env = {
      DATA_DIR: tmp,
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: "false",
      AUTH_SECRET: randomBytes(32).toString("hex"),
      AUTH_RATE_LIMIT: "1000",
    };
    shop = await startShop(env);
    const { url: baseUrl, origin } = shop;
    const s = await setUp(baseUrl, origin, database.url);
    const body = JSON.stringify({
      orderId: s.toolId,
      orderMinimum: 1,
      orderPhone: "+1 555 010 0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: neededBy,
    });
    const request = {
      url: `${baseUrl}/api/order`,
      method: "POST" as const,
      headers: { "content-type": "application/json", cookie: s.cookie, origin },
      body,
    };
    const check = await fetch(request.url, { method: "POST", headers: request.headers, body });
    if (check.status !== 201)
      throw new Error(`POST /api/order answered ${check.status}: ${await check.text()}`);

    const result = await compare(
      (seconds) => directStatements(pool, s, seconds),
      (seconds) => load({ ...request, duration: seconds }),
    );
    printComparison("postgres: POST /api/order (signed in, 1 piece each)", result, {
      baseline: "same SQL straight through pg",
      shop: "shop POST /api/order",
      ratio: "shop / direct",
      target: "0.60",
    });
    await benchCheckout(shop, database.url, { ...env, PUBLIC_URL: origin });
  } finally {
    await pool.end();
    if (shop) await stop(shop.process);
    fs.rmSync(tmp, { recursive: true, force: true });
    await database.drop();
  }
}

await main();
