import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import type { PlaceOrderResponse } from "../../contract/orders";
import { orderBody } from "../orders/order-test-helpers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";

/** One sample's value from Prometheus' text format (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
  (await app.inject({ method: "GET", url: "/metrics", headers })).body;

describeEachDatabase("GET /metrics without METRICS_TOKEN", (env) => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app);
  });

  it("answers Prometheus' text format to a scrape from this machine", async () => {
    const res = await env.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(res.body).toContain("nodejs_eventloop_lag_seconds");
    if (env.kind === "postgres") expect(res.body).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });

  it("refuses another machine, and a request through a proxy, with 403", async () => {
    const remote = await env.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ error: "Set METRICS_TOKEN to read /metrics from another machine" });
    const proxied = await env.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it("counts requests by route pattern and status, never by raw URL", async () => {
    const tool = await insertTool(env.db);
    const series = (status: number) =>
      `http_request_duration_seconds_count{method="GET",route="/api/service/:id",status="${status}"}`;
    const before = await scrape(env.app);
    await call(env.app, "GET", `/api/service/${tool.id}`);
    await call(env.app, "GET", `/api/service/${tool.id}`);
    await call(env.app, "GET", `/api/service/${randomUUID()}`);
    await call(env.app, "GET", `/no/such/page/${randomUUID()}`);
    const after = await scrape(env.app);
    expect(sample(after, series(200)) - sample(before, series(200))).toBe(2);
    expect(sample(after, series(404)) - sample(before, series(404))).toBe(1);
    expect(after).not.toContain(tool.id);
    expect(after).toContain('route="unmatched",status="404"');
  });

  it("counts orders placed (not their replays), stock refusals and payments started", async () => {
    const tool = await insertTool(env.db, { available: 1000, minimum: 100 });
    const before = await scrape(env.app);
    const key = { headers: { "idempotency-key": randomUUID() } };
    const placed = await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 600), key);
    expect(placed.statusCode).toBe(201);
    expect((await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 600), key)).statusCode).toBe(
      201,
    );
    expect((await call(env.app, "POST", "/api/order", buyer, orderBody(tool.id, 600))).statusCode).toBe(409);
    const orderId = placed.json<PlaceOrderResponse>().insertedId;
    expect((await call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId })).statusCode).toBe(
      200,
    );
    const after = await scrape(env.app);
    const grew = (series: string) => sample(after, series) - sample(before, series);
    expect(grew("shop_orders_placed_total")).toBe(1);
    expect(grew("shop_stock_reservations_refused_total")).toBe(1);
    expect(grew('shop_payments_total{outcome="started"}')).toBe(1);
  });
});

describeEachDatabase(
  "GET /metrics with METRICS_TOKEN",
  (env) => {
    it("wants the token as a Bearer credential from anywhere", async () => {
      const from = { remoteAddress: "203.0.113.7" };
      const none = await env.app.inject({ method: "GET", url: "/metrics", ...from });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toHaveProperty("error");
      const wrong = await env.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer not-the-token" },
        ...from,
      });
      expect(wrong.statusCode).toBe(401);
      const right = await env.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer s3cret-scraper-token" },
        ...from,
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("http_request_duration_seconds_bucket");
    });
  },
  { METRICS_TOKEN: "s3cret-scraper-token" },
);
