import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "#server/db/database";
import { errorResponse, forbidden, unauthorized } from "#server/http/errors";
import { replayedHeader } from "#server/idempotency/keys";
import { textAnswer } from "../../contract/shop-answers";

export type ShopMetrics = {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A public page rendered by the server, or declined for want of render budget (server/web/public-pages.ts). */
  countPageRender(outcome: "rendered" | "declined"): void;
};

export type MetricsOptions = {
  database: Database;
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`; unset, only local direct scrapes. */
  token: string | undefined;
};

/**
 * `GET /metrics` in Prometheus' text format (prom-client): every request's latency by route
 * pattern, method and status (its `_count` is the request count), the shop's outcomes read off
 * the answers (orders placed, payments, stock refused), the database pool's connections on
 * PostgreSQL, and Node's own (event-loop lag, memory, GC). One registry per app. Requests answered
 * before Fastify (server/http/ready-responses.ts) are observed through the returned `observeRequest`.
 */
export function installMetrics(app: FastifyInstance, { database, token }: MetricsOptions): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const ordersPlaced = new Counter({
    name: "shop_orders_placed_total",
    help: "Orders placed (POST /api/order answered 201; replays not counted)",
    registers,
  });
  const stockRefused = new Counter({
    name: "shop_stock_reservations_refused_total",
    help: "Orders refused for want of stock (POST /api/order answered 409)",
    registers,
  });
  const payments = new Counter({
    name: "shop_payments_total",
    help: "Payments by outcome: started (an intent handed out), paid (an order marked paid), declined",
    labelNames: ["outcome"] as const,
    registers,
  });
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }

  const pageRenders = new Counter({
    name: "shop_page_renders_total",
    help: "Public pages rendered by the server (rendered), or answered with the app's shell because the render budget of addresses with a query was spent (declined)",
    labelNames: ["outcome"] as const,
    registers,
  });

  /** What an answer tells about the shop, beside its latency. */
  function countOutcome(route: string, status: number, reply: FastifyReply): void {
    if (reply.getHeader(replayedHeader) !== undefined) return;
    if (route === "/api/order" && reply.request.method === "POST") {
      if (status === 201) ordersPlaced.inc();
      // The idempotency layer's 409 (a request still running) carries Retry-After; stock refusals do not.
      else if (status === 409 && reply.getHeader("retry-after") === undefined) stockRefused.inc();
    } else if (route === "/api/create-payment-intent" && status === 200) {
      payments.inc({ outcome: "started" });
    } else if (route === "/api/order/:id" && reply.request.method === "PATCH") {
      if (status === 200) payments.inc({ outcome: "paid" });
      else if (status === 402) payments.inc({ outcome: "declined" });
    } else if (route === "/api/payments/simulated/confirm" && status === 402) {
      payments.inc({ outcome: "declined" });
    }
  }

  // The labelled child of each method/route/status, so a request costs a map read and an observe.
  const timers = new Map<string, Histogram.Internal<"method" | "route" | "status">>();
  function observeRequest(method: string, route: string, status: number, seconds: number): void {
    const id = `${method} ${status} ${route}`;
    let timer = timers.get(id);
    if (!timer) {
      timer = requests.labels(method, route, String(status));
      timers.set(id, timer);
    }
    timer.observe(seconds);
  }
  app.addHook("onResponse", (request, reply, done) => {
    // The route's pattern, never the raw URL (unbounded labels); unknown paths share one.
    const route = request.routeOptions.url ?? "unmatched";
    observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    countOutcome(route, reply.statusCode, reply);
    done();
  });

  // Public as far as sessions go (a scraper has none): the token, or a local direct scrape, is its check.
  app.get(
    "/metrics",
    {
      config: { access: "public" },
      schema: {
        tags: ["Health"],
        summary:
          "Prometheus metrics (with METRICS_TOKEN set: `Authorization: Bearer <METRICS_TOKEN>`; else loopback only)",
        response: {
          200: textAnswer("text/plain", "Prometheus text format 0.0.4"),
          401: errorResponse("The metrics token is missing or wrong"),
          403: errorResponse("Without a token, only a direct local scrape may read them"),
        },
      },
    },
    async (request: FastifyRequest, reply) => {
      assertMayScrape(request, token);
      return reply.header("content-type", registry.contentType).send(await registry.metrics());
    },
  );
  return { observeRequest, countPageRender: (outcome) => pageRenders.inc({ outcome }) };
}

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function assertMayScrape(request: FastifyRequest, token: string | undefined): void {
  if (token !== undefined) {
    const sent = Buffer.from(request.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw unauthorized("Send the metrics token: Authorization: Bearer <METRICS_TOKEN>");
    }
    return;
  }
  // Without a token: Prometheus on this machine, straight to the port. A request through a proxy
  // (which also connects from 127.0.0.1) names its client in a forwarding header: refused.
  const direct = request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined;
  if (!direct || !loopback.has(request.socket.remoteAddress ?? "")) {
    throw forbidden("Set METRICS_TOKEN to read /metrics from another machine");
  }
}
