import http from "node:http";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { webhookMessages } from "../../contract/webhooks";
import type { Db } from "../db/database";
import { outbox } from "../mail/tables";
import { documentedAnswerProblems } from "../openapi/answer-check";
import { webhookRoutes } from "../openapi/answer-groups";
import { listenOnLocalhost } from "../test/local-server";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { describeOnPostgres, twoServersOnOnePostgres } from "../test/two-servers";
import { isPrivateAddress } from "./address-guard";
import { webhookDeliveries, webhookEndpoints } from "./tables";
import { insertEndpoint, recordTestEvent } from "./webhook-test-helpers";

type Received = { headers: Record<string, string>; body: string };

/** A buyer's system on 127.0.0.1: keeps every request; `answer` says how to answer the n-th (from 0). */
class Receiver {
  readonly received: Received[] = [];
  answer: (n: number) => number | "hang" = () => 200;
  url = "";
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
      );
      const how = this.answer(this.received.length);
      this.received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      if (how === "hang") return; // never answers; the deliverer's timeout ends it
      response.writeHead(how).end("ok");
    });
  });
  private closer?: () => Promise<void>;
  async start() {
    const { url, close } = await listenOnLocalhost(this.server);
    this.url = `${url}/hooks`;
    this.closer = close;
    return this;
  }
  close() {
    return this.closer?.() ?? Promise.resolve();
  }
  idsReceived() {
    return this.received.map((r) => r.headers["webhook-id"]);
  }
}

const deliveriesOf = (db: Db, endpointId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const endpointRow = async (db: Db, id: string) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
const secondsLater = (s: number) => new Date(Date.now() + s * 1000);
const hoursLater = (h: number) => new Date(Date.now() + h * 3_600_000);

describeEachDatabase(
  "webhook endpoints, private addresses refused",
  (env) => {
    const people = usersAndAdmin(env);
    const add = (body: unknown) => call(env.app, "POST", "/api/webhooks/endpoints", people.admin, body);

    it("lets only admins call the routes: a visitor 401, a buyer 403", async () => {
      for (const route of webhookRoutes) {
        const [method, url] = route.split(" ") as ["GET" | "POST" | "PATCH" | "DELETE", string];
        const path = url
          .replace(":id", "00000000-0000-4000-8000-000000000000")
          .replace(":deliveryId", "00000000-0000-4000-8000-000000000001");
        expect((await call(env.app, method, path)).statusCode, route).toBe(401);
        expect((await call(env.app, method, path, people.user)).statusCode, route).toBe(403);
      }
    });

    it("refuses bad bodies with 400", async () => {
      const url = "https://hooks.example.com/in";
      for (const body of [
        { url: "not a url", events: ["order.placed"] },
        { url: "ftp://hooks.example.com/in", events: ["order.placed"] },
        { url, events: [] },
        { url },
        { url, events: ["order.exploded"] },
      ]) {
        const res = await add(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
      expect((await add({ url: "ftp://x.example/in", events: ["order.placed"] })).json().error).toBe(
        webhookMessages.notHttps,
      );
    });

    it("refuses private, loopback and link-local addresses, however written", async () => {
      for (const url of [
        "http://127.0.0.1/in",
        "http://localhost:8080/in",
        "http://10.0.0.1/in",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/in",
        "http://[::ffff:127.0.0.1]/in",
        "http://[fd00::1]/in",
        "http://100.64.0.1/in",
        "http://192.168.1.1/in",
        "http://0.0.0.0/in",
      ]) {
        const res = await add({ url, events: ["order.placed"] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toBe(webhookMessages.privateAddress);
      }
      expect((await call(env.app, "GET", "/api/webhooks/endpoints", people.admin)).json()).toEqual([]);
    });

    it("never connects to a private address stored past the guard (as after DNS rebinding)", async () => {
      const receiver = await new Receiver().start();
      try {
        const endpoint = await insertEndpoint(env.db, receiver.url);
        await recordTestEvent(env.db);
        await vi.waitFor(async () => {
          await env.app.sendDueWebhooks();
          const [delivery] = await deliveriesOf(env.db, endpoint.id);
          expect(delivery?.attempts).toBeGreaterThanOrEqual(1);
          expect(delivery?.lastError).toMatch(/private, loopback or link-local/);
        });
        const [delivery] = await deliveriesOf(env.db, endpoint.id);
        expect(delivery).toMatchObject({ status: "pending", lastStatusCode: null });
        expect(receiver.received).toEqual([]);
      } finally {
        await receiver.close();
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describeEachDatabase(
  "webhook endpoints and deliveries",
  (env) => {
    const people = usersAndAdmin(env);
    const receiver = new Receiver();
    beforeAll(() => receiver.start());
    afterAll(() => receiver.close());

    const add = (url: string, events = ["order.placed"]) =>
      call(env.app, "POST", "/api/webhooks/endpoints", people.admin, {
        url,
        events,
        description: "Stock app",
      });
    const list = () => call(env.app, "GET", "/api/webhooks/endpoints", people.admin);
    /** An endpoint on a receiver of its own. */
    async function endpointOn(r: Receiver) {
      const res = await add(r.url);
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; secret: string };
    }
    /** Passes of the deliverer (at `at`) until the check holds; the background loop may make some. */
    const deliverUntil = (check: () => Promise<void>, at?: () => Date) =>
      vi.waitFor(
        async () => {
          await env.app.sendDueWebhooks(at?.());
          await check();
        },
        { timeout: 10_000, interval: 50 },
      );

    it("adds an endpoint with its secret shown once, and answers every route as documented", async () => {
      const created = await add("http://127.0.0.1:1/in", ["order.placed", "invoice.issued"]);
      expect(created.statusCode).toBe(201);
      const endpoint = created.json();
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(endpoint.secret.slice(6), "base64")).toHaveLength(32);
      expect(endpoint).toMatchObject({
        enabled: true,
        events: ["order.placed", "invoice.issued"],
        failingSince: null,
      });
      const listed = await list();
      expect(listed.json()).toEqual([expect.objectContaining({ id: endpoint.id })]);
      expect(JSON.stringify(listed.json())).not.toContain("whsec_");

      const patched = await call(env.app, "PATCH", `/api/webhooks/endpoints/${endpoint.id}`, people.admin, {
        enabled: false,
      });
      expect(patched.json()).toMatchObject({ enabled: false });
      expect(
        (await call(env.app, "PATCH", `/api/webhooks/endpoints/${endpoint.id}`, people.admin, {})).statusCode,
      ).toBe(400);
      await call(env.app, "PATCH", `/api/webhooks/endpoints/${endpoint.id}`, people.admin, { enabled: true });
      await recordTestEvent(env.db, "invoice.issued", { any: "thing" });
      const [delivery] = await deliveriesOf(env.db, endpoint.id);
      if (!delivery) throw new Error("no delivery recorded");
      const deliveries = await call(
        env.app,
        "GET",
        `/api/webhooks/endpoints/${endpoint.id}/deliveries`,
        people.admin,
      );
      expect(deliveries.headers["x-total-count"]).toBe("1");
      const retried = await call(
        env.app,
        "POST",
        `/api/webhooks/endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`,
        people.admin,
      );
      expect(retried.json()).toMatchObject({ id: delivery.id, status: "pending" });
      const deleted = await call(env.app, "DELETE", `/api/webhooks/endpoints/${endpoint.id}`, people.admin);
      expect(deleted.statusCode).toBe(204);
      expect(await deliveriesOf(env.db, endpoint.id)).toEqual([]);

      const answers: Record<string, typeof created> = {
        "POST /api/webhooks/endpoints": created,
        "GET /api/webhooks/endpoints": listed,
        "PATCH /api/webhooks/endpoints/:id": patched,
        "DELETE /api/webhooks/endpoints/:id": deleted,
        "GET /api/webhooks/endpoints/:id/deliveries": deliveries,
        "POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/retry": retried,
      };
      for (const route of webhookRoutes) {
        const res = answers[route];
        if (!res) throw new Error(`no answer kept for ${route}`);
        expect(documentedAnswerProblems(env.app, route, res), route).toEqual([]);
      }
      const missing = await call(env.app, "DELETE", `/api/webhooks/endpoints/${endpoint.id}`, people.admin);
      expect(missing.statusCode).toBe(404);
    });

    it("lists an endpoint's deliveries newest first, paged by the Link header's cursors", async () => {
      const endpoint = (await add("http://127.0.0.1:1/in", ["stock.low"])).json();
      // Switched off once the events are recorded, so the deliveries stay as they are while read.
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await recordTestEvent(env.db, "stock.low", { n: i }));
      await env.db
        .update(webhookEndpoints)
        .set({ enabled: false })
        .where(eq(webhookEndpoints.id, endpoint.id));
      const base = `/api/webhooks/endpoints/${endpoint.id}/deliveries`;
      const first = await call(env.app, "GET", `${base}?limit=2`, people.admin);
      expect(first.headers["x-total-count"]).toBe("3");
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
      if (!next) throw new Error("no next page");
      const second = await call(env.app, "GET", next, people.admin);
      const seen = [...first.json(), ...second.json()].map((d: { messageId: string }) => d.messageId);
      expect(seen).toEqual([...ids].reverse());
      expect((await call(env.app, "GET", `${base}?cursor=nonsense`, people.admin)).statusCode).toBe(400);
      await call(env.app, "DELETE", `/api/webhooks/endpoints/${endpoint.id}`, people.admin);
    });

    it("accepts private addresses with WEBHOOK_ALLOW_PRIVATE=true", async () => {
      for (const url of ["http://localhost:8080/in", "http://10.0.0.1/in", "http://[::1]/in"]) {
        const res = await add(url);
        expect(res.statusCode, url).toBe(201);
        await call(env.app, "DELETE", `/api/webhooks/endpoints/${res.json().id}`, people.admin);
      }
    });

    it("delivers an event once, signed as Standard Webhooks says", async () => {
      const endpoint = await endpointOn(receiver);
      const messageId = await recordTestEvent(env.db);
      await deliverUntil(async () => {
        const [delivery] = await deliveriesOf(env.db, endpoint.id);
        expect(delivery?.status).toBe("delivered");
      });
      await env.app.sendDueWebhooks();
      expect(receiver.idsReceived()).toEqual([messageId]);
      const [got] = receiver.received;
      if (!got) throw new Error("nothing received");
      expect(new Webhook(endpoint.secret).verify(got.body, got.headers)).toMatchObject({
        type: "order.placed",
      });
      expect(() => new Webhook(endpoint.secret).verify(`${got.body} `, got.headers)).toThrow();
      const [delivery] = await deliveriesOf(env.db, endpoint.id);
      expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
      await call(env.app, "DELETE", `/api/webhooks/endpoints/${endpoint.id}`, people.admin);
    });

    it("retries after a 500 with the same webhook-id, and after a receiver that does not answer in time", async () => {
      const flaky = await new Receiver().start();
      try {
        flaky.answer = (n) => (n === 0 ? 500 : n === 1 ? "hang" : 200);
        const endpoint = await endpointOn(flaky);
        const messageId = await recordTestEvent(env.db);
        await deliverUntil(async () => {
          const [delivery] = await deliveriesOf(env.db, endpoint.id);
          expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
        });
        expect((await endpointRow(env.db, endpoint.id))?.failingSince).not.toBeNull();
        // The next attempt is due 5 seconds later: the clock moves on instead of the test waiting.
        await deliverUntil(
          async () => {
            const [delivery] = await deliveriesOf(env.db, endpoint.id);
            expect(delivery).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: null });
            expect(delivery?.lastError).toMatch(/No answer within/);
          },
          () => secondsLater(6),
        );
        await deliverUntil(
          async () => {
            const [delivery] = await deliveriesOf(env.db, endpoint.id);
            expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200 });
          },
          () => secondsLater(120),
        );
        expect(flaky.idsReceived()).toEqual([messageId, messageId, messageId]);
        expect((await endpointRow(env.db, endpoint.id))?.failingSince).toBeNull();
        await call(env.app, "DELETE", `/api/webhooks/endpoints/${endpoint.id}`, people.admin);
      } finally {
        await flaky.close();
      }
    });

    it("gives up after 24 hours of failures, switches the endpoint off, tells the admins; sent again it is delivered", async () => {
      const down = await new Receiver().start();
      try {
        down.answer = () => 500;
        const endpoint = await endpointOn(down);
        const messageId = await recordTestEvent(env.db);
        await deliverUntil(async () => {
          const [delivery] = await deliveriesOf(env.db, endpoint.id);
          expect(delivery?.attempts).toBe(1);
          expect(delivery?.lastStatusCode).toBe(500);
        });
        await deliverUntil(
          async () => {
            const [delivery] = await deliveriesOf(env.db, endpoint.id);
            expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 500, nextAttemptAt: null });
          },
          () => hoursLater(25),
        );
        const listed = (await list()).json().find((e: { id: string }) => e.id === endpoint.id);
        expect(listed).toMatchObject({ enabled: false });
        expect(listed.disabledReason).toMatch(
          /^Switched off \d{4}-\d{2}-\d{2}: every delivery failed for 24 hours$/,
        );
        const mail = (
          await env.db.select().from(outbox).where(eq(outbox.kind, "admin-webhook-switched-off"))
        ).filter((m) => m.text.includes(down.url));
        expect(mail.map((m) => m.recipient)).toEqual([adminEmail]);

        // Switched on again, "send again" posts the failed delivery with its webhook-id.
        down.answer = () => 200;
        const [failed] = await deliveriesOf(env.db, endpoint.id);
        if (!failed) throw new Error("no delivery");
        await call(env.app, "PATCH", `/api/webhooks/endpoints/${endpoint.id}`, people.admin, {
          enabled: true,
        });
        const again = await call(
          env.app,
          "POST",
          `/api/webhooks/endpoints/${endpoint.id}/deliveries/${failed.id}/retry`,
          people.admin,
        );
        expect(again.statusCode).toBe(200);
        await deliverUntil(async () => {
          const [delivery] = await deliveriesOf(env.db, endpoint.id);
          expect(delivery).toMatchObject({ status: "delivered", messageId, lastStatusCode: 200 });
        });
        expect(down.idsReceived().at(-1)).toBe(messageId);
        expect((await list()).json().find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
          enabled: true,
          disabledReason: null,
          failingSince: null,
        });
        const page = await call(
          env.app,
          "GET",
          `/api/webhooks/endpoints/${endpoint.id}/deliveries`,
          people.admin,
        );
        expect(page.json()).toEqual([
          expect.objectContaining({ id: failed.id, status: "delivered", messageId }),
        ]);
      } finally {
        await down.close();
      }
    });
  },
  { ADMIN_EMAILS: adminEmail, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_TIMEOUT_MS: "300" },
);

describeOnPostgres("webhooks on two servers", () => {
  const two = twoServersOnOnePostgres({ WEBHOOK_ALLOW_PRIVATE: "true" });
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.close());

  it("delivers 50 events exactly once each", async () => {
    await insertEndpoint(two.db, receiver.url);
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) ids.add(await recordTestEvent(two.db));
    await vi.waitFor(
      async () => {
        await Promise.all([two.servers.a.sendDueWebhooks(), two.servers.b.sendDueWebhooks()]);
        const delivered = await two.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, "delivered"));
        expect(delivered).toHaveLength(50);
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(receiver.idsReceived().sort()).toEqual([...ids].sort());
    const all = await two.db.select().from(webhookDeliveries);
    expect(all.every((d) => d.attempts === 1)).toBe(true);
  });
});

describe("isPrivateAddress", () => {
  it("refuses the private ranges in every form, and lets public addresses through", () => {
    for (const a of [
      "127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.1.2.3",
      "fe80::1",
      "ff02::1",
      "::",
      "100.100.0.1",
      "224.0.0.1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:93.184.216.34"]) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});
