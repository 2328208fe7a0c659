import { beforeAll, expect, it } from "vitest";
import { cursorOf, pageLinks } from "../../contract/paging";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";
import { describeOnPostgres, twoServersOnOnePostgres } from "../test/two-servers";

// Issue 22: a cursor the shop did not issue is a 400 {error}, never a 500 or a page of something.

const refused = { error: "That cursor is not valid; start again from the first page" };

/** The cursor of issue 22's report: a timestamp in year 0000 (PostgreSQL has no year 0). */
const yearZero =
  "eyJkIjogIm5leHQiLCAiayI6IFsiMDAwMC0wMS0wMVQwMDowMDowMC4wMDAwMDBaIiwgIjUxYzgxZDZjLTMzYmEtNGRhYy04NmYyLWJkNTI4NmI4ZDRmZiJdfQ";
const encode = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
/** A user id with a NUL in it (PostgreSQL's text holds none). */
const nulInId = encode({ d: "next", k: ["2026-01-01T00:00:00.000000Z", "abc\u0000def"] });

/** The keyset's token and the rest of a cursor the shop sent (its seal, after the last dot). */
function partsOf(cursor: string): { token: string; seal: string } {
  const dot = cursor.lastIndexOf(".");
  return dot < 0 ? { token: cursor, seal: "" } : { token: cursor.slice(0, dot), seal: cursor.slice(dot) };
}

const lists = ["/api/order", "/api/allOrder", "/api/user", "/api/showAllProfile", "/api/contact"] as const;
type List = (typeof lists)[number];

describeEachDatabase(
  "cursors: only the shop's own are read (issue 22)",
  (env) => {
    const people = usersAndAdmin(env);
    const who = (list: List) => (list === "/api/order" ? people.user : people.admin);

    beforeAll(async () => {
      const tool = await insertTool(env.db, { minimum: 10, available: 1000 });
      for (const buyer of [people.user, people.user, people.other]) await insertOrder(env.db, tool, buyer);
      for (const person of [people.user, people.other]) {
        const saved = await call(env.app, "POST", "/api/myProfile", person, {
          name: person.name,
          email: person.email,
          education: "Bachelor",
          location: "Dhaka",
          phone: "+880 1712-345678",
          linkedIn: "amina-rahman",
          img: "/uploads/0123456789abcdef0123456789abcdef.webp",
        });
        expect(saved.statusCode, saved.body).toBe(201);
      }
      for (const subject of ["Brake pads", "Lot sizes"]) {
        const sent = await call(env.app, "POST", "/api/contact", undefined, {
          email: "workshop@example.com",
          subject,
          message: "Do you deliver?",
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
    });

    /** The cursor of the `rel="next"` link of a list's first page of one. */
    const nextCursor = async (list: List) => {
      const res = await call(env.app, "GET", `${list}?limit=1`, who(list));
      expect(res.statusCode, res.body).toBe(200);
      const cursor = cursorOf(pageLinks(res.headers.link as string | undefined).next);
      if (!cursor) throw new Error(`${list} sent no next link`);
      return cursor;
    };

    const expectRefused = async (list: List, cursor: string) => {
      const res = await call(env.app, "GET", `${list}?cursor=${encodeURIComponent(cursor)}`, who(list));
      expect(res.statusCode, `${list}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(refused);
    };

    it("refuses the reported cursor of year 0000 on every list, and a NUL in a user id, with 400", async () => {
      for (const list of lists) await expectRefused(list, yearZero);
      await expectRefused("/api/user", nulInId);
    });

    it("refuses a cursor of its own whose timestamp or id was changed, where it answered an empty page", async () => {
      for (const list of lists) {
        const { token, seal } = partsOf(await nextCursor(list));
        const key = JSON.parse(Buffer.from(token, "base64url").toString()) as { d: string; k: string[] };
        const [at = "", id = ""] = key.k;
        const earlier = `${Number(at.slice(0, 4)) - 1}${at.slice(4)}`;
        await expectRefused(list, `${encode({ ...key, k: [earlier, id] })}${seal}`);
        await expectRefused(list, `${encode({ ...key, d: "prev" })}${seal}`);
        if (seal) await expectRefused(list, `${token}${seal.slice(0, -1)}${seal.endsWith("A") ? "B" : "A"}`);
      }
    });

    it("takes a cursor on the list that issued it only", async () => {
      const profiles = await nextCursor("/api/showAllProfile");
      await expectRefused("/api/contact", profiles);
      await expectRefused("/api/allOrder", await nextCursor("/api/order"));
    });

    it("refuses a sealed cursor whose key PostgreSQL cannot read (year 0000, a NUL), with 400", async () => {
      const seal = env.app.cursorSeal;
      await expectRefused("/api/allOrder", seal.seal(partsOf(yearZero).token, "/api/allOrder"));
      await expectRefused("/api/user", seal.seal(nulInId, "/api/user"));
    });

    it("still walks every list to its end by its links", async () => {
      for (const list of lists) {
        const total = Number((await call(env.app, "GET", list, who(list))).headers["x-total-count"]);
        let url: string | undefined = `${list}?limit=1`;
        let read = 0;
        while (url) {
          const res = await call(env.app, "GET", url, who(list));
          expect(res.statusCode, res.body).toBe(200);
          read += res.json<unknown[]>().length;
          url = pageLinks(res.headers.link as string | undefined).next;
        }
        expect(read, list).toBe(total);
      }
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describeOnPostgres("cursors across the servers of one shop", () => {
  const shop = twoServersOnOnePostgres({ ADMIN_EMAILS: adminEmail });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signUp(shop.servers.a, { email: adminEmail });
    await signUp(shop.servers.a);
  });

  it("reads a cursor one server issued on the other", async () => {
    const first = await call(shop.servers.a, "GET", "/api/user?limit=1", admin);
    const next = pageLinks(first.headers.link as string | undefined).next ?? "";
    expect(next).toContain("cursor=");
    const second = await call(shop.servers.b, "GET", next, admin);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ _id: string }[]>()).toHaveLength(1);
    expect(second.json<{ _id: string }[]>()[0]?._id).not.toBe(first.json<{ _id: string }[]>()[0]?._id);
  });
});
