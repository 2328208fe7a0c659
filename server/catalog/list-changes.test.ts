import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { orderBody } from "../orders/order-test-helpers";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { describeOnPostgres, twoServersOnOnePostgres } from "../test/two-servers";
import { tools } from "./tables";

// Every server keeps its tool list for 5 s at most (the safety net); a change must show within 1 s.
const withinASecond = { timeout: 1_000, interval: 50 };

async function listed(app: FastifyInstance): Promise<Tool[]> {
  return (await call(app, "GET", "/api/service?limit=100")).json<Tool[]>();
}

const availableOf = async (app: FastifyInstance, toolId: string) =>
  (await listed(app)).find((t) => t._id === toolId)?.available;

describeEachDatabase("the tool list after a change made outside this server's routes", (env) => {
  it("is current within a second of a tool inserted, changed and deleted straight in the database", async () => {
    const name = `Straight into the table ${randomUUID()}`;
    await listed(env.app); // cached now
    const [row] = await env.db
      .insert(tools)
      .values({
        name,
        img: "/images/tools/piston.svg",
        description: "Inserted by another server, or a script.",
        priceCents: 9_99,
        minimum: 10,
        available: 700,
      })
      .returning();
    const id = row?.id ?? "";
    await expect.poll(() => availableOf(env.app, id), withinASecond).toBe(700);

    await env.db.update(tools).set({ available: 650 }).where(eq(tools.id, id));
    await expect.poll(() => availableOf(env.app, id), withinASecond).toBe(650);

    await env.db.delete(tools).where(eq(tools.id, id));
    await expect.poll(() => availableOf(env.app, id), withinASecond).toBeUndefined();
  });
});

describeEachDatabase("the tool list a listening server answers before routing", (env) => {
  it("is the same answer as the route's, and current within a second of a change", async () => {
    await insertTool(env.db, { name: `Listed from memory ${randomUUID()}` });
    await env.app.listen({ port: 0, host: "127.0.0.1" });
    const address = env.app.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/service`;
    const first = await fetch(url);
    const fromMemory = await fetch(url);
    // Every answer has its own date and request id; everything else is the route's.
    const ownHeaders = ["date", "x-request-id"];
    const headers = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !ownHeaders.includes(name)));
    expect(headers(fromMemory)).toEqual(headers(first));
    expect(fromMemory.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromMemory.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    const shown = (await first.json()) as Tool[];
    expect(await fromMemory.json()).toEqual(shown);

    const tool = shown[0] as Tool;
    await env.db
      .update(tools)
      .set({ available: tool.available + 7 })
      .where(eq(tools.id, tool._id));
    const availableNow = async () =>
      ((await (await fetch(url)).json()) as Tool[]).find((t) => t._id === tool._id)?.available;
    await expect.poll(availableNow, withinASecond).toBe(tool.available + 7);
  });
});

describeOnPostgres("the tool list on two servers sharing one PostgreSQL", () => {
  const shop = twoServersOnOnePostgres({ ADMIN_EMAILS: adminEmail });
  let admin: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    admin = await signUp(shop.servers.a, { email: adminEmail });
    buyer = await signUp(shop.servers.a);
  });

  it("shows a tool added, sold from and deleted on one server on the other within a second", async () => {
    const { a, b } = shop.servers;
    await listed(b); // B's list is cached
    const added = await call(a, "POST", "/api/service", admin, {
      name: `Added on server A ${randomUUID()}`,
      description: "Added through one server, listed by every server.",
      available: 1000,
      minimum: 100,
      price: 12.5,
      img: "/images/tools/piston.svg",
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ insertedId: string }>().insertedId;
    await expect.poll(() => availableOf(b, id), withinASecond).toBe(1000);

    const ordered = await call(a, "POST", "/api/order", buyer, orderBody(id, 1000));
    expect(ordered.statusCode, ordered.body).toBe(201);
    await expect.poll(() => availableOf(b, id), withinASecond).toBe(0);

    const tool = await insertTool(shop.db); // another, without orders: deleted, not archived
    await expect.poll(() => availableOf(b, tool.id), withinASecond).toBe(tool.available);
    expect((await call(a, "DELETE", `/api/service/${tool.id}`, admin)).statusCode).toBe(200);
    await expect.poll(() => availableOf(b, tool.id), withinASecond).toBeUndefined();
  });

  it("listens again after its connection is cut", async () => {
    const { a, b } = shop.servers;
    const tool = await insertTool(shop.db, { available: 900 });
    const admin = new pg.Client({ connectionString: shop.url });
    await admin.connect();
    const listeners = `from pg_stat_activity
      where datname = current_database() and application_name = 'car-mechanic tool-list listener'`;
    try {
      const cut = await admin.query(`select pg_terminate_backend(pid) ${listeners}`);
      expect(cut.rowCount).toBe(2);
      await expect
        .poll(async () => (await admin.query(`select pid ${listeners}`)).rowCount, { timeout: 5_000 })
        .toBe(2);
    } finally {
      await admin.end();
    }
    expect(await availableOf(b, tool.id)).toBe(900); // cached again
    await shop.db.update(tools).set({ available: 800 }).where(eq(tools.id, tool.id));
    await expect.poll(() => availableOf(b, tool.id), withinASecond).toBe(800);
    await expect.poll(() => availableOf(a, tool.id), withinASecond).toBe(800);
  });
});
