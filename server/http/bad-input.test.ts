import { beforeAll, expect, it } from "vitest";
import { tools } from "../catalog/tables";
import { orderBody } from "../orders/order-test-helpers";
import { orders } from "../orders/tables";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase } from "../test/test-env";

// Issue 10, item 3: inputs that gave a 500 now give a 400 {error} a person can read.

const nul = "\u0000";
const photo = "/uploads/0123456789abcdef0123456789abcdef.webp";

/** `n` nested arrays as raw JSON text: `[[[...]]]`. */
const nestedArrays = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
/** `n` nested objects as raw JSON text: `{"a":{"a":...{}}}`. */
const nestedObjects = (n: number) => `${'{"a":'.repeat(n)}{}${"}".repeat(n)}`;

describeEachDatabase(
  "bad input: control characters, deep nesting and tiny prices answer 400 {error}",
  (env) => {
    const people = usersAndAdmin(env);
    let toolId: string;
    let orderId: string;

    beforeAll(async () => {
      const tool = await insertTool(env.db, { minimum: 1, available: 1000 });
      toolId = tool.id;
      orderId = (await insertOrder(env.db, tool, people.user)).id;
    });

    const expectReadable400 = (
      res: { statusCode: number; json(): unknown; body: string },
      field?: string,
    ) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { error: unknown };
      expect(body).toEqual({ error: expect.any(String) });
      if (field) expect(body.error).toContain(field);
      expect(body.error).toMatch(/control character/i);
    };

    it("a NUL in the contact form's message", async () => {
      const res = await call(env.app, "POST", "/api/contact", undefined, {
        email: "workshop@example.com",
        subject: "Brake pads",
        message: `Hello${nul}there`,
      });
      expectReadable400(res, "message");
    });

    it("a NUL in a review's description", async () => {
      const res = await call(env.app, "POST", "/api/review", people.user, {
        name: people.user.name,
        email: people.user.email,
        description: `Great${nul}`,
        rating: 5,
      });
      expectReadable400(res, "description");
    });

    it("a NUL in a profile's location", async () => {
      const res = await call(env.app, "POST", "/api/myProfile", people.user, {
        name: people.user.name,
        email: people.user.email,
        education: "Bachelor",
        location: `Dhaka${nul}`,
        phone: "+880 1712-345678",
        linkedIn: "amina-rahman",
        img: photo,
      });
      expectReadable400(res, "location");
    });

    it("a NUL in a portfolio's skill", async () => {
      const res = await call(env.app, "POST", "/api/myPortfolio", people.user, {
        name: people.user.name,
        email: people.user.email,
        education: "Bsc in CSE",
        skill: `Brakes${nul}`,
        project1: "https://example.com/a",
        project2: "https://example.com/b",
        project3: "https://example.com/c",
        img: photo,
      });
      expectReadable400(res, "skill");
    });

    it("a NUL in a new tool's name and description", async () => {
      const res = await call(env.app, "POST", "/api/service", people.admin, {
        name: `Caliper${nul}`,
        description: `Cast iron${nul}`,
        available: 2000,
        minimum: 500,
        price: 24.99,
        img: photo,
      });
      expectReadable400(res, "name");
    });

    it("a NUL in an order's address, and in a field name", async () => {
      const address = await call(
        env.app,
        "POST",
        "/api/order",
        people.user,
        orderBody(toolId, 1, { orderAddress: `12 Garage Lane${nul}` }),
      );
      expectReadable400(address, "orderAddress");
      const key = await call(env.app, "POST", "/api/order", people.user, {
        ...orderBody(toolId, 1),
        [`x${nul}`]: 1,
      });
      expectReadable400(key);
    });

    it("a NUL in a payment's transactionId", async () => {
      const res = await call(env.app, "PATCH", `/api/order/${orderId}`, people.user, {
        transactionId: `pi_${nul}`,
      });
      expectReadable400(res, "transactionId");
    });

    it("other control characters are refused; tab, newline and carriage return pass", async () => {
      for (const bad of ["\u0001", "\u001b", "\u007f", "\u0085"]) {
        const res = await call(env.app, "POST", "/api/contact", undefined, {
          email: "workshop@example.com",
          subject: "Brake pads",
          message: `Hello${bad}`,
        });
        expectReadable400(res, "message");
      }
      const fine = await call(env.app, "POST", "/api/contact", undefined, {
        email: "workshop@example.com",
        subject: "Brake pads",
        message: "Hello,\r\n\tdo you deliver?\nThanks",
      });
      expect(fine.statusCode, fine.body).toBe(201);
    });

    it("a NUL in a query string or a route parameter", async () => {
      for (const url of [
        "/api/order?orderEmail=%00",
        `/api/myProfile?email=a%00b%40example.com`,
        "/api/order/%00",
        "/api/admin/%00",
        "/api/service?page=1%00",
      ]) {
        const res = await call(env.app, "GET", url, people.user);
        expectReadable400(res);
      }
    });

    it("a broken %-escape or an over-long parameter in the path answers {error}, not Fastify's shape", async () => {
      const broken = await call(env.app, "GET", "/api/order/%C0%AF", people.user);
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ error: expect.stringMatching(/address/) });
      const long = await call(env.app, "GET", `/api/order/${"a".repeat(500)}`, people.user);
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ error: "The address is too long" });
    });

    it("20,000 nested brackets to the auth routes and to a normal route", async () => {
      for (const url of [
        "/api/auth/sign-in/email",
        "/api/auth/sign-up/email",
        "/api/contact",
        "/api/order",
      ]) {
        for (const payload of [nestedArrays(20_000), nestedObjects(5_000), `{"email":${nestedArrays(40)}}`]) {
          const res = await call(env.app, "POST", url, people.user, payload, {
            headers: { "content-type": "application/json" },
          });
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.json()).toEqual({ error: expect.stringMatching(/nested too deeply/) });
        }
      }
    });

    it("brackets inside strings are text, not nesting", async () => {
      const res = await call(env.app, "POST", "/api/contact", undefined, {
        email: "workshop@example.com",
        subject: "Brackets",
        message: `${"[{".repeat(100)} "\\" ${"}]".repeat(100)}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it("extreme numbers in otherwise valid bodies are refused with a 4xx, and nothing is written", async () => {
      const extremes = [1e21, 2 ** 53 + 2, 2 ** 31, -(2 ** 31), -1, 0, 1e-9, 0.5, "1e400", "-0", "0x10"];
      const orderCount = await env.db.$count(orders);
      for (const quantity of extremes) {
        const res = await call(env.app, "POST", "/api/order", people.user, {
          ...orderBody(toolId, 1),
          orderMinimum: quantity,
        });
        expect(res.statusCode, `orderMinimum ${quantity}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `orderMinimum ${quantity}: ${res.body}`).toBeLessThan(500);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
      expect(await env.db.$count(orders)).toBe(orderCount);

      const toolCount = await env.db.$count(tools);
      const tool = {
        name: "Odd Caliper",
        description: "Odd numbers.",
        available: 10,
        minimum: 1,
        price: 5,
        img: photo,
      };
      const accepted: string[] = [];
      for (const field of ["available", "minimum", "maximum", "increment", "leadTimeDays"]) {
        for (const value of extremes) {
          const res = await call(env.app, "POST", "/api/service", people.admin, { ...tool, [field]: value });
          expect(res.statusCode, `${field} ${value}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json()).toEqual({ error: expect.any(String) });
          else accepted.push(`${field} ${value}`);
        }
      }
      // Only in-range whole numbers in decimal notation make a tool ("0x10" is not 16).
      expect(accepted).toEqual(["leadTimeDays 0", "leadTimeDays -0"]);
      expect(await env.db.$count(tools)).toBe(toolCount + 2);

      for (const rating of extremes) {
        const res = await call(env.app, "POST", "/api/review", people.user, {
          name: people.user.name,
          email: people.user.email,
          description: "Extreme rating",
          rating,
        });
        expect(res.statusCode, `rating ${rating}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.stringMatching(/rating/i) });
      }
    });

    it("a price below one cent, negative, or absurd is a 400 naming the price", async () => {
      const before = (await call(env.app, "GET", "/api/service?limit=100")).json<unknown[]>().length;
      for (const price of [1e-9, 0.001, 0.004, -1, 0, 1e300, "1e-9", "NaN", "Infinity", "-0.001"]) {
        const res = await call(env.app, "POST", "/api/service", people.admin, {
          name: "Tiny Caliper",
          description: "Priced below a cent.",
          available: 10,
          minimum: 1,
          price,
          img: photo,
        });
        expect(res.statusCode, `${price}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.stringMatching(/price/i) });
      }
      const after = (await call(env.app, "GET", "/api/service?limit=100")).json<unknown[]>().length;
      expect(after).toBe(before);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
