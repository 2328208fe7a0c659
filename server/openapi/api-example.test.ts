// Issue 29's "done when": a script with a token and the published document alone reorders last
// month's parts, and the buyer's system learns that the order shipped, through a signed webhook.
// Runs the README's example scripts (scripts/api-example/) against a listening shop.
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { CreatedTokenAnswer } from "../../contract/api-tokens";
import type { Order } from "../../contract/orders";
import { type ReceivedEvent, startReceiver } from "../../scripts/api-example/webhook-receiver.mjs";
import { companyWithBuyer } from "../companies/company-test-helpers";
import { daysFromNow, orderBody } from "../orders/order-test-helpers";
import { orders } from "../orders/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { webhookEndpoints } from "../webhooks/tables";

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, "../../scripts/api-example/reorder-last-month.mjs");

/** Noon UTC on the 15th of the month before today's. */
function inLastMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
}

describeEachDatabase(
  "the API example: a token reorders last month's parts, a webhook says it shipped",
  (env) => {
    let admin: TestUser;
    let buyer: TestUser;
    let shopUrl: string;
    const lastMonth: Order[] = [];
    const received: ReceivedEvent[] = [];

    beforeAll(async () => {
      admin = await signUp(env.app, { email: adminEmail });
      ({ buyer } = await companyWithBuyer(env, admin, { paymentTermsDays: 30, creditLimit: 100_000 }));
      const plugs = await insertTool(env.db, { name: "Spark plug", priceCents: 590, available: 50_000 });
      const filters = await insertTool(env.db, { name: "Oil filter", priceCents: 1250, available: 50_000 });
      for (const [tool, quantity] of [
        [plugs, 500],
        [filters, 600],
      ] as const) {
        const res = await call(env.app, "POST", "/api/order", buyer, {
          ...orderBody(tool.id, quantity),
          paymentMethod: "account",
        });
        expect(res.statusCode, res.body).toBe(201);
        const { order } = res.json<{ order: Order }>();
        await env.db.update(orders).set({ createdAt: inLastMonth() }).where(eq(orders.id, order._id));
        lastMonth.push(order);
      }
      // One of this month: not reordered.
      const recent = await call(env.app, "POST", "/api/order", buyer, {
        ...orderBody(plugs.id, 700),
        paymentMethod: "account",
      });
      expect(recent.statusCode, recent.body).toBe(201);

      await env.app.listen({ port: 0, host: "127.0.0.1" });
      shopUrl = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    });

    it("reorders with the token alone, then learns of the new order and its shipping by signed webhooks", async () => {
      const made = await call(env.app, "POST", "/api/account/tokens", buyer, {
        name: "Stock software",
        scopes: ["catalog:read", "orders:read", "orders:write"],
        expiresInDays: 30,
      });
      expect(made.statusCode, made.body).toBe(201);
      const { token } = made.json<CreatedTokenAnswer>();

      const endpoint = await call(env.app, "POST", "/api/webhooks/endpoints", admin, {
        url: "http://127.0.0.1:1/placeholder",
        events: ["order.placed", "order.shipped"],
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      const { id: endpointId, secret } = endpoint.json<{ id: string; secret: string }>();
      const receiver = await startReceiver({ secret, onEvent: (event) => received.push(event) });
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/shop-events`;
      // The receiver's port is known only now: the endpoint is pointed at it (and kept subscribed).
      await env.db
        .update(webhookEndpoints)
        .set({ url: receiverUrl })
        .where(eq(webhookEndpoints.id, endpointId));

      try {
        const { stdout } = await run(process.execPath, [script], {
          env: {
            ...process.env,
            SHOP_URL: shopUrl,
            TOKEN: token,
            PHONE: "+15551234567",
            ADDRESS: "12 Garage Road, Springfield",
            NEEDED_BY: daysFromNow(21),
          },
        });
        const outcome = JSON.parse(stdout) as { ordered: string; id: string; lines: number; from: string[] };
        expect(outcome.from.sort()).toEqual(lastMonth.map((o) => o.orderNumber).sort());
        expect(outcome.lines).toBe(2);

        const placed = await call(env.app, "GET", `/api/order/${outcome.id}`, buyer);
        const order = placed.json<Order>();
        expect(order.lines.map((l) => [l.name, l.quantity]).sort()).toEqual([
          ["Oil filter", 600],
          ["Spark plug", 500],
        ]);
        expect(order.paymentMethod).toBe("account");
        expect(order.total).toBe(10_450); // 500 × $5.90 + 600 × $12.50; no tax rate is set

        await expect
          .poll(() => received.filter((e) => e.data.id === outcome.id).map((e) => e.type), {
            timeout: 15_000,
          })
          .toEqual(["order.placed"]);

        const shipped = await call(env.app, "PUT", `/api/allOrder/${outcome.id}`, admin);
        expect(shipped.statusCode, shipped.body).toBe(200);
        await expect
          .poll(() => received.filter((e) => e.data.id === outcome.id).map((e) => e.type), {
            timeout: 15_000,
          })
          .toEqual(["order.placed", "order.shipped"]);
        const event = received.find((e) => e.type === "order.shipped");
        expect(event?.data).toMatchObject({ orderNumber: outcome.ordered, status: "shipped" });
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  },
  { ADMIN_EMAILS: adminEmail, WEBHOOK_ALLOW_PRIVATE: "true" },
);
