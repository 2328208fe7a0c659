import { randomUUID } from "node:crypto";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import type { PlaceOrderResponse } from "../../contract/orders";
import type { PaymentIntentResponse } from "../../contract/payments";
import { tools } from "../catalog/tables";
import type { Database } from "../db/database";
import { orderBody } from "../orders/order-test-helpers";
import { orders } from "../orders/tables";
import { payments } from "../payments/tables";
import { insertTool, userIdOf } from "../test/factories";
import { call } from "../test/requests";
import { signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { describeOnPostgres, twoServersOnOnePostgres } from "../test/two-servers";
import { createIdempotencyKeys, requestHashOf } from "./keys";
import { idempotencyKeys } from "./tables";

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });

function order(app: FastifyInstance, who: TestUser, body: unknown, key: string) {
  return call(app, "POST", "/api/order", who, body, withKey(key));
}

async function ordersOf(db: Database["db"], toolId: string) {
  return db.select().from(orders).where(eq(orders.toolId, toolId));
}

async function stockOf(db: Database["db"], toolId: string) {
  const [row] = await db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId));
  return row?.available;
}

/** A key row as a request running on another server leaves it: claimed, no answer yet. */
async function claimAsAnotherServer(db: Database["db"], who: TestUser, key: string, body: unknown) {
  await db.insert(idempotencyKeys).values({
    userId: await userIdOf(db, who.email),
    key,
    route: "POST /api/order",
    requestHash: requestHashOf(body),
    claimToken: randomUUID(),
  });
}

async function keyOf(db: Database["db"], who: TestUser, key: string) {
  return and(eq(idempotencyKeys.userId, await userIdOf(db, who.email)), eq(idempotencyKeys.key, key));
}

/** The key's row: its claim while a request runs, its answer after. */
async function keyRow(db: Database["db"], who: TestUser, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(await keyOf(db, who, key));
  return row;
}

/** Moves a key's times back, as if its claim or its answer were older. */
async function ageKey(
  db: Database["db"],
  who: TestUser,
  key: string,
  times: { claimedAt?: SQL; createdAt?: SQL },
) {
  await db
    .update(idempotencyKeys)
    .set(times)
    .where(await keyOf(db, who, key));
}

const aMinuteAgo = sql`now() - interval '1 minute'`;
const a25HoursAgo = sql`now() - interval '25 hours'`;

describeEachDatabase("Idempotency-Key on POST /api/order and POST /api/create-payment-intent", (env) => {
  let buyer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    buyer = await signUp(env.app);
    other = await signUp(env.app);
  });

  it("replays the first answer to a retry with the same key and body, and places one order", async () => {
    const tool = await insertTool(env.db, { available: 1000 });
    const key = randomUUID();
    const first = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();

    const retry = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await ordersOf(env.db, tool.id)).toHaveLength(1);
    expect(await stockOf(env.db, tool.id)).toBe(900);
  });

  it("answers 422 to the same key with another body or on another route, and changes nothing", async () => {
    const tool = await insertTool(env.db);
    const key = randomUUID();
    expect((await order(env.app, buyer, orderBody(tool.id, 100), key)).statusCode).toBe(201);

    const otherBody = await order(env.app, buyer, orderBody(tool.id, 200), key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      error: "This Idempotency-Key was already used with a different request",
    });
    const [placed] = await ordersOf(env.db, tool.id);
    const otherRoute = await call(
      env.app,
      "POST",
      "/api/create-payment-intent",
      buyer,
      { orderId: placed?.id },
      withKey(key),
    );
    expect(otherRoute.statusCode).toBe(422);
    expect(await ordersOf(env.db, tool.id)).toHaveLength(1);
    expect(
      await env.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, placed?.id ?? "")),
    ).toHaveLength(0);
  });

  it("keeps each user's keys apart", async () => {
    const tool = await insertTool(env.db);
    const key = randomUUID();
    const mine = await order(env.app, buyer, orderBody(tool.id, 100), key);
    const theirs = await order(env.app, other, orderBody(tool.id, 100), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json<PlaceOrderResponse>().insertedId).not.toBe(mine.json<PlaceOrderResponse>().insertedId);
    expect(await ordersOf(env.db, tool.id)).toHaveLength(2);
  });

  it.each([
    ["empty", ""],
    ["longer than 255 characters", "k".repeat(256)],
    ["with a space", "my key"],
    ["with a non-ASCII letter", "clé-1"],
  ])("refuses a key %s with 400 and places nothing", async (_, key) => {
    const tool = await insertTool(env.db);
    const res = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Idempotency-Key/);
    expect(await ordersOf(env.db, tool.id)).toHaveLength(0);
  });

  it("takes a 255-character key", async () => {
    const tool = await insertTool(env.db);
    const res = await order(env.app, buyer, orderBody(tool.id, 100), `${randomUUID()}${"k".repeat(219)}`);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("does not store a refusal: the same key runs again once the order can be taken", async () => {
    const tool = await insertTool(env.db, { available: 50 });
    const key = randomUUID();
    const refused = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(refused.statusCode).toBe(409);

    await env.db.update(tools).set({ available: 500 }).where(eq(tools.id, tool.id));
    const retry = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await stockOf(env.db, tool.id)).toBe(400);
  });

  it("answers 409 while another server runs a request with the key, and runs it once that server is gone", async () => {
    const tool = await insertTool(env.db);
    const key = randomUUID();
    // A server claimed the key and was killed before its order committed: the claim stays behind.
    await claimAsAnotherServer(env.db, buyer, key, orderBody(tool.id, 100));
    const held = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toMatch(/still being processed/);
    expect(held.headers["retry-after"]).toBe("1");
    expect(await ordersOf(env.db, tool.id)).toHaveLength(0);

    // Past the claim's lease its server is taken for dead: the retry runs the request, once.
    await ageKey(env.db, buyer, key, { claimedAt: aMinuteAgo });
    const retry = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(retry.statusCode, retry.body).toBe(201);
    const again = await order(env.app, buyer, orderBody(tool.id, 100), key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await ordersOf(env.db, tool.id)).toHaveLength(1);
  });

  it("replays a payment start: the same intent and one payment row", async () => {
    const tool = await insertTool(env.db);
    const placed = await order(env.app, buyer, orderBody(tool.id, 100), randomUUID());
    const orderId = placed.json<PlaceOrderResponse>().insertedId;
    const key = randomUUID();
    const pay = () => call(env.app, "POST", "/api/create-payment-intent", buyer, { orderId }, withKey(key));
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await pay();
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json<PaymentIntentResponse>()).toEqual(first.json<PaymentIntentResponse>());
    expect(await env.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });

  it("sweeps keys older than 24 hours, after which a key is new again", async () => {
    const tool = await insertTool(env.db);
    const key = randomUUID();
    expect((await order(env.app, buyer, orderBody(tool.id, 100), key)).statusCode).toBe(201);
    await ageKey(env.db, buyer, key, { createdAt: a25HoursAgo });

    const reused = await order(env.app, buyer, orderBody(tool.id, 200), key);
    expect(reused.statusCode, reused.body).toBe(201);

    await ageKey(env.db, buyer, key, { createdAt: a25HoursAgo });
    expect(await createIdempotencyKeys(env.db).sweep()).toBeGreaterThanOrEqual(1);
    expect(await keyRow(env.db, buyer, key)).toBeUndefined();
  });
});

describeOnPostgres("Idempotency-Key across two servers on one PostgreSQL", () => {
  const shop = twoServersOnOnePostgres();
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await signUp(shop.servers.a);
  });

  it("replays on one server the order placed through the other", async () => {
    const tool = await insertTool(shop.db);
    const key = randomUUID();
    const first = await order(shop.servers.a, buyer, orderBody(tool.id, 100), key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await order(shop.servers.b, buyer, orderBody(tool.id, 100), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await ordersOf(shop.db, tool.id)).toHaveLength(1);
  });

  it("answers 409 on one server while the other still runs the request, then replays its answer", async () => {
    const tool = await insertTool(shop.db);
    const key = randomUUID();
    // Hold server A's order: another connection keeps the tool's row locked, so A waits on its stock.
    const holder = new pg.Client({ connectionString: shop.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from tools where id = $1 for update", [tool.id]);
      const running = order(shop.servers.a, buyer, orderBody(tool.id, 100), key);
      await expect.poll(() => keyRow(shop.db, buyer, key)).toBeDefined();
      const held = await order(shop.servers.b, buyer, orderBody(tool.id, 100), key);
      expect(held.statusCode).toBe(409);
      await holder.query("commit");
      const first = await running;
      expect(first.statusCode, first.body).toBe(201);
      const retry = await order(shop.servers.b, buyer, orderBody(tool.id, 100), key);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(retry.json()).toEqual(first.json());
    } finally {
      await holder.end();
    }
    expect(await ordersOf(shop.db, tool.id)).toHaveLength(1);
  });

  it("lets only one of two servers racing with one key place the order", async () => {
    const tool = await insertTool(shop.db);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        order(i % 2 ? shop.servers.a : shop.servers.b, buyer, orderBody(tool.id, 100), key),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(new Set(created.map((a) => a.json<PlaceOrderResponse>().insertedId)).size).toBe(1);
    expect(await ordersOf(shop.db, tool.id)).toHaveLength(1);
  });

  it("a request that outlived its lease cannot commit after another server took the key over", async () => {
    const tool = await insertTool(shop.db);
    const key = randomUUID();
    const holder = new pg.Client({ connectionString: shop.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from tools where id = $1 for update", [tool.id]);
      const slow = order(shop.servers.a, buyer, orderBody(tool.id, 100), key);
      await expect.poll(() => keyRow(shop.db, buyer, key)).toBeDefined();
      const claimOfA = (await keyRow(shop.db, buyer, key))?.claimToken;
      // Server A looks dead (its claim is past the lease): B takes the key over and places the order.
      await ageKey(shop.db, buyer, key, { claimedAt: aMinuteAgo });
      const takeover = order(shop.servers.b, buyer, orderBody(tool.id, 100), key);
      await expect.poll(async () => (await keyRow(shop.db, buyer, key))?.claimToken).not.toBe(claimOfA);
      await holder.query("commit");
      const [a, b] = await Promise.all([slow, takeover]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    } finally {
      await holder.end();
    }
    expect(await ordersOf(shop.db, tool.id)).toHaveLength(1);
  });
});
