import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { OrderStatus } from "../../contract/order-status";
import type { Order } from "../../contract/orders";
import { cursorOf, pageLinks } from "../../contract/paging";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { backdateOrder, payOrder, placeOrder } from "./order-test-helpers";
import { orders } from "./tables";

const statuses: OrderStatus[] = ["pending", "paid", "shipped", "cancelled"];

describeEachDatabase(
  "order lists by cursor: ?cursor=, the Link header, X-Total-Count",
  (env) => {
    let buyer: TestUser;
    let admin: TestUser;
    let tool: Awaited<ReturnType<typeof insertTool>>;

    const get = async (url: string, who: TestUser = admin) => {
      const res = await call(env.app, "GET", url, who);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json<Order[]>().map((o) => o._id),
        total: Number(res.headers["x-total-count"]),
        links: pageLinks(res.headers.link as string | undefined),
      };
    };

    /** Follows the rel links from `url` to the end, doing `between` after each page; every page's ids. */
    const walk = async (
      url: string,
      rel: "next" | "prev",
      between: () => Promise<void> = async () => {},
      who: TestUser = admin,
    ) => {
      const pages: string[][] = [];
      let next: string | undefined = url;
      while (next) {
        const page = await get(next, who);
        pages.push(page.ids);
        await between();
        next = page.links[rel];
      }
      return pages;
    };

    /** What the list must be, read straight from the table. */
    const newestFirst = async (only?: OrderStatus[]) =>
      (
        await env.db
          .select({ id: orders.id })
          .from(orders)
          .where(only && inArray(orders.status, only))
          .orderBy(desc(orders.createdAt), desc(orders.id))
      ).map((r) => r.id);

    const freshCount = async (only?: OrderStatus[]) =>
      (
        await env.db
          .select({ n: count() })
          .from(orders)
          .where(only && inArray(orders.status, only))
      )[0]?.n;

    /** Every view's X-Total-Count is the count of its orders in the table. */
    const expectTotalsExact = async () => {
      const views: (OrderStatus[] | undefined)[] = [
        undefined,
        ...statuses.map((s) => [s]),
        ["pending", "paid"],
        statuses,
      ];
      for (const view of views) {
        const query = view ? `?status=${view.join(",")}&limit=1` : "?limit=1";
        expect((await get(`/api/allOrder${query}`)).total, query).toBe(await freshCount(view));
      }
    };

    beforeAll(async () => {
      buyer = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
      tool = await insertTool(env.db, { minimum: 10, available: 1_000_000 });
      // 30 orders of every status; three at a time share a created_at (the id breaks the tie), and
      // some differ by microseconds only, which a JavaScript Date cannot tell apart.
      const start = Date.now() - 86_400_000;
      for (let i = 0; i < 30; i++) {
        await insertOrder(env.db, tool, buyer, {
          status: statuses[i % 4],
          createdAt: new Date(start + Math.floor(i / 3) * 1000),
        });
      }
      await env.db.execute(
        sql`update ${orders} set created_at = created_at + (random() * 900)::int * interval '1 microsecond' where status = 'paid'`,
      );
    });

    it("walks every order once, newest first, by rel=next while orders are placed and change status", async () => {
      const expected = await newestFirst();
      let placed = 0;
      const pages = await walk("/api/allOrder?limit=4", "next", async () => {
        await placeOrder(env.app, buyer, tool.id, 10); // newer than the walk: on a page already read
        placed++;
        const pending = (await newestFirst(["pending"])).find((id) => expected.includes(id));
        if (pending)
          expect((await call(env.app, "DELETE", `/api/allOrder/${pending}`, admin)).statusCode).toBe(200);
      });
      expect(pages.flat()).toEqual(expected);
      expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);
      expect(placed).toBe(pages.length);
    });

    it("walks a view of several statuses in order, each order at most once, while statuses change", async () => {
      const pages = await walk("/api/allOrder?status=pending,paid&limit=3", "next", async () => {
        const [pending] = await newestFirst(["pending"]);
        if (pending) await payOrder(env.app, buyer, pending);
      });
      const ids = pages.flat();
      expect(new Set(ids).size).toBe(ids.length);
      const order = await newestFirst();
      const positions = ids.map((id) => order.indexOf(id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(positions.every((p) => p >= 0)).toBe(true);
    });

    it("lists every order when every status is named, page after page, as with no filter", async () => {
      const named = await walk(`/api/allOrder?status=${statuses.join(",")}&limit=7`, "next");
      expect(named.flat()).toEqual(await newestFirst());
      expect((await get(`/api/allOrder?status=${statuses.join(",")}&limit=1`)).total).toBe(
        await freshCount(),
      );
    });

    it("answers rel=next only while more follow and rel=prev only after the first page, back to the start", async () => {
      const first = await get("/api/allOrder?status=pending,paid,shipped&limit=5");
      expect(first.links.prev).toBeUndefined();
      expect(first.links.next).toMatch(/^\/api\/allOrder\?status=pending%2Cpaid%2Cshipped&limit=5&cursor=/);
      const forward = await walk("/api/allOrder?status=pending,paid,shipped&limit=5", "next");
      const second = await get(
        `/api/allOrder?status=pending,paid,shipped&limit=5&cursor=${cursorOf(first.links.next)}`,
      );
      expect(second.links.prev).toBeDefined();
      // From the last page back to the first, by rel=prev: the same pages in reverse.
      let end = first;
      while (end.links.next) end = await get(end.links.next);
      expect(end.links.next).toBeUndefined();
      const backward = await walk(end.links.prev ?? "", "prev");
      expect([...backward].reverse().flat()).toEqual(forward.slice(0, -1).flat());
    });

    it("keeps ?page=&limit= (with a cursor link onwards) and the buyer's own list by cursor too", async () => {
      const all = await newestFirst();
      const second = await get("/api/allOrder?page=2&limit=4");
      expect(second.ids).toEqual(all.slice(4, 8));
      expect(second.links.prev).toBe("/api/allOrder?limit=4&page=1");
      expect((await get(second.links.next ?? "")).ids).toEqual(all.slice(8, 12));

      const mine = (await walk("/api/order?limit=7", "next", undefined, buyer)).flat();
      expect(mine).toEqual(all);
      const own = await get("/api/order?limit=7", buyer);
      expect(own.total).toBe(all.length);
      expect((await get(own.links.next ?? "", buyer)).ids).toEqual(all.slice(7, 14));
    });

    it.each([
      ["garbage", "not a cursor!"],
      ["an unknown direction", Buffer.from(JSON.stringify({ d: "up", k: [] })).toString("base64url")],
      [
        "a missing key",
        Buffer.from(JSON.stringify({ d: "next", k: ["2026-01-01T00:00:00.000000Z"] })).toString("base64url"),
      ],
      [
        "a date the calendar lacks",
        Buffer.from(
          JSON.stringify({
            d: "next",
            k: ["2026-02-30T00:00:00.000000Z", "0b0f4cc4-6c2b-4f5e-9a61-2f9c7a1d9e11"],
          }),
        ).toString("base64url"),
      ],
      [
        "an id that is no uuid",
        Buffer.from(
          JSON.stringify({ d: "prev", k: ["2026-01-01T00:00:00.000000Z", "1; drop table orders"] }),
        ).toString("base64url"),
      ],
    ])("refuses a cursor with %s with 400", async (_what, cursor) => {
      for (const url of [
        `/api/allOrder?cursor=${encodeURIComponent(cursor)}`,
        `/api/order?cursor=${encodeURIComponent(cursor)}`,
      ]) {
        const res = await call(env.app, "GET", url, url.startsWith("/api/order") ? buyer : admin);
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ error: "That cursor is not valid; start again from the first page" });
      }
    });

    it("keeps X-Total-Count exact for every status view after racing cancels, payments, orders and the expiry", async () => {
      const fresh = await Promise.all([1, 2, 3, 4, 5, 6].map(() => placeOrder(env.app, buyer, tool.id, 10)));
      for (const o of fresh.slice(0, 3)) await backdateOrder(env.db, o._id, 49);
      const [a, b, c, d] = fresh.map((o) => o._id) as [string, string, string, string];
      await Promise.allSettled([
        call(env.app, "DELETE", `/api/allOrder/${a}`, admin),
        call(env.app, "DELETE", `/api/allOrder/${a}`, admin),
        env.app.expireUnpaidOrders(new Date()),
        env.app.expireUnpaidOrders(new Date()),
        call(env.app, "DELETE", `/api/allOrder/${d}`, admin),
        payOrder(env.app, buyer, c).catch(() => undefined),
        placeOrder(env.app, buyer, tool.id, 10),
        placeOrder(env.app, buyer, tool.id, 10),
        payOrder(env.app, buyer, fresh[4]?._id ?? "").then((o) =>
          call(env.app, "PUT", `/api/allOrder/${o._id}`, admin),
        ),
      ]);
      await env.app.expireUnpaidOrders(new Date());
      expect((await get(`/api/allOrder?q=${b}`)).ids).toEqual([b]);
      await expectTotalsExact();
    });

    it("finds orders by id, by buyer email (any case) and by the start of the product's name", async () => {
      const other = await signUp(env.app);
      const theirs = await placeOrder(env.app, other, tool.id, 10);
      const byId = await get(`/api/allOrder?q=${theirs._id}`);
      expect(byId).toMatchObject({ ids: [theirs._id], total: 1 });
      const byEmail = await get(`/api/allOrder?q=${encodeURIComponent(other.email.toUpperCase())}`);
      expect(byEmail).toMatchObject({ ids: [theirs._id], total: 1 });
      const byProduct = await get(
        `/api/allOrder?q=${encodeURIComponent(tool.name.slice(0, 4).toLowerCase())}&limit=100`,
      );
      expect(byProduct.total).toBe(await freshCount());
      expect(byProduct.ids[0]).toBe(theirs._id);
      expect((await get("/api/allOrder?q=%25")).total).toBe(0);
    });

    it("finds orders by PO number, whole and in any case; a near miss finds nothing", async () => {
      const other = await signUp(env.app);
      const [byPo, byName, likeNumber] = [
        await placeOrder(env.app, other, tool.id, 10),
        await placeOrder(env.app, other, (await insertTool(env.db, { name: "Quokka Jack" })).id, 10),
        await placeOrder(env.app, other, tool.id, 10),
      ];
      // POST /api/order takes no PO number yet (the other half of issue 27): set it as it would.
      const setPo = (id: string, po: string) =>
        env.db.update(orders).set({ poNumber: po }).where(eq(orders.id, id));
      await setPo(byPo._id, "Quokka-PO/17");
      await setPo(likeNumber._id, "CM-99999");
      const search = (q: string) => get(`/api/allOrder?q=${encodeURIComponent(q)}`);
      for (const q of ["Quokka-PO/17", "quokka-po/17", "QUOKKA-PO/17", " quokka-po/17 "]) {
        expect(await search(q), q).toMatchObject({ ids: [byPo._id], total: 1 });
      }
      for (const nearMiss of ["Quokka-PO/1", "Quokka-PO/170", "Quokka-PO17"]) {
        expect(await search(nearMiss), nearMiss).toMatchObject({ ids: [], total: 0 });
      }
      // A term that may be a PO number or the start of a product's name finds both.
      const quokka = await search("quokka");
      expect(quokka).toMatchObject({ ids: [byName._id], total: 1 });
      await setPo(byPo._id, "QUOKKA");
      expect(await search("Quokka")).toMatchObject({ ids: [byName._id, byPo._id], total: 2 });
      // One that looks like an order number finds the order of that PO number too.
      expect(await search("cm-99999")).toMatchObject({ ids: [likeNumber._id], total: 1 });
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
