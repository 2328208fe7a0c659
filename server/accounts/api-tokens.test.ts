import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CreatedTokenAnswer,
  type TokenAnswer,
  type TokenScope,
  tokenMessages,
  tokenPrefix,
  tokensPerAccountMax,
} from "../../contract/api-tokens";
import { documentedAnswerProblems } from "../openapi/answer-check";
import { orderBody, payOrder } from "../orders/order-test-helpers";
import { insertTool, userIdOf } from "../test/factories";
import { type CallOptions, call, type Method } from "../test/requests";
import { adminEmail, signUp, type TestUser, usersAndAdmin } from "../test/sessions";
import { describeEachDatabase, type TestEnv } from "../test/test-env";
import { apiTokens } from "./tables";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-tokens-test-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const foreignOrigin = "https://elsewhere.example";

/** Makes a token through the route, as Account settings does; the answer must be a 201. */
async function makeToken(env: TestEnv, who: TestUser, scopes: TokenScope[], name = "Stock software") {
  const res = await call(env.app, "POST", "/api/account/tokens", who, { name, scopes, expiresInDays: 30 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedTokenAnswer>();
}

/** A request made with a token only (no cookie), from the shop's origin unless `headers` say otherwise. */
function withToken(
  env: TestEnv,
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
  { headers, ...options }: CallOptions = {},
) {
  return call(env.app, method, url, undefined, payload, {
    ...options,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

async function tokenRowCount(env: TestEnv, userId?: string): Promise<number> {
  const [row] = await env.db
    .select({ n: count() })
    .from(apiTokens)
    .where(userId ? eq(apiTokens.userId, userId) : undefined);
  return row?.n ?? 0;
}

describeEachDatabase(
  "personal access tokens",
  (env) => {
    const people = usersAndAdmin(env);

    describe("made, listed and revoked in Account settings", () => {
      it("makes a token shown once, lists it without the token, revokes it; each answer as documented", async () => {
        const created = await call(env.app, "POST", "/api/account/tokens", people.user, {
          name: "Reorder script",
          scopes: ["orders:read", "orders:write"],
          expiresInDays: 90,
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(documentedAnswerProblems(env.app, "POST /api/account/tokens", created)).toEqual([]);
        const made = created.json<CreatedTokenAnswer>();
        expect(made.token.startsWith(tokenPrefix)).toBe(true);
        expect(made.start).toBe(made.token.slice(0, 12));
        expect(made).toMatchObject({ name: "Reorder script", scopes: ["orders:read", "orders:write"] });
        expect(made.lastUsedAt).toBeNull();
        const days = (Date.parse(made.expiresAt) - Date.parse(made.createdAt)) / 86_400_000;
        expect(Math.round(days)).toBe(90);

        const listed = await call(env.app, "GET", "/api/account/tokens", people.user);
        expect(listed.statusCode).toBe(200);
        expect(documentedAnswerProblems(env.app, "GET /api/account/tokens", listed)).toEqual([]);
        const { token, ...shown } = made;
        expect(listed.json<TokenAnswer[]>()[0]).toEqual(shown);
        expect(listed.body).not.toContain(token);
        expect(listed.body).not.toContain(sha256(token));

        const revoked = await call(env.app, "DELETE", `/api/account/tokens/${made.id}`, people.user);
        expect(revoked.statusCode, revoked.body).toBe(200);
        expect(revoked.json()).toEqual({ revoked: true });
        expect(documentedAnswerProblems(env.app, "DELETE /api/account/tokens/:id", revoked)).toEqual([]);
        const after = await call(env.app, "GET", "/api/account/tokens", people.user);
        expect(after.json<TokenAnswer[]>().map((t) => t.id)).not.toContain(made.id);
      });

      it("lists newest first, only the caller's own; another user's token cannot be revoked (404)", async () => {
        const first = await makeToken(env, people.other, ["catalog:read"], "first");
        const second = await makeToken(env, people.other, ["catalog:read"], "second");
        const listed = await call(env.app, "GET", "/api/account/tokens", people.other);
        const ids = listed.json<TokenAnswer[]>().map((t) => t.id);
        expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
        const mine = await call(env.app, "GET", "/api/account/tokens", people.user);
        expect(mine.json<TokenAnswer[]>().map((t) => t.id)).not.toContain(first.id);

        const foreign = await call(env.app, "DELETE", `/api/account/tokens/${first.id}`, people.user);
        expect(foreign.statusCode).toBe(404);
        expect((await withToken(env, "GET", "/api/service", first.token)).statusCode).toBe(200);
        const badId = await call(env.app, "DELETE", "/api/account/tokens/not-an-id", people.other);
        expect(badId.statusCode).toBe(400);
        expect((await call(env.app, "GET", "/api/account/tokens")).statusCode).toBe(401);
      });

      it("stores only the token's SHA-256: no column holds the token or its random part", async () => {
        const made = await makeToken(env, people.user, ["catalog:read"]);
        const [row] = await env.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
        expect(row?.tokenHash).toBe(sha256(made.token));
        expect(row?.start).toBe(made.token.slice(0, 12));
        const secret = made.token.slice(tokenPrefix.length);
        const stored = JSON.stringify(row);
        expect(stored).not.toContain(made.token);
        expect(stored).not.toContain(secret.slice(12));
      });

      it("refuses bad bodies with 400 and nothing written", async () => {
        const before = await tokenRowCount(env);
        const bodies: [unknown, string][] = [
          [{ scopes: ["catalog:read"], expiresInDays: 30 }, ""],
          [{ name: "  ", scopes: ["catalog:read"], expiresInDays: 30 }, ""],
          [{ name: "x", scopes: ["admin:all"], expiresInDays: 30 }, "A scope is one of"],
          [{ name: "x", scopes: [], expiresInDays: 30 }, "Choose what the token may do"],
          [{ name: "x", scopes: ["catalog:read", "catalog:read"], expiresInDays: 30 }, "Each scope once"],
          [{ name: "x", scopes: ["catalog:read"], expiresInDays: 0 }, "at least 1 day"],
          [{ name: "x", scopes: ["catalog:read"], expiresInDays: 400 }, "at most 366 days"],
          [{ name: "x", scopes: ["catalog:read"], expiresInDays: 1.5 }, "whole number of days"],
          [["a list, not an object"], ""],
        ];
        for (const [body, message] of bodies) {
          const res = await call(env.app, "POST", "/api/account/tokens", people.user, body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json().error).toContain(message);
        }
        expect(await tokenRowCount(env)).toBe(before);
      });

      it(`refuses a ${tokensPerAccountMax + 1}st live token with 409; an expired one does not count`, async () => {
        const holder = await signUp(env.app);
        const userId = await userIdOf(env.db, holder.email);
        const made: CreatedTokenAnswer[] = [];
        for (let i = 0; i < tokensPerAccountMax - 1; i++) {
          made.push(await makeToken(env, holder, ["catalog:read"]));
        }
        // The last place asked for three times at once: one request gets it.
        const together = await Promise.all(
          [1, 2, 3].map(() =>
            call(env.app, "POST", "/api/account/tokens", holder, {
              name: "at once",
              scopes: ["catalog:read"],
              expiresInDays: 1,
            }),
          ),
        );
        expect(together.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
        const refused = await call(env.app, "POST", "/api/account/tokens", holder, {
          name: "one too many",
          scopes: ["catalog:read"],
          expiresInDays: 1,
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ error: tokenMessages.tooMany });
        expect(await tokenRowCount(env, userId)).toBe(tokensPerAccountMax);

        await env.db
          .update(apiTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(apiTokens.id, made[0]?.id as string));
        await makeToken(env, holder, ["catalog:read"]);
        expect(await tokenRowCount(env, userId)).toBe(tokensPerAccountMax + 1);
      });

      it("removes an account's tokens with the account: its token is refused", async () => {
        const leaving = await signUp(env.app);
        const userId = await userIdOf(env.db, leaving.email);
        const made = await makeToken(env, leaving, ["catalog:read"]);
        const gone = await call(env.app, "DELETE", "/api/account", leaving, { password: leaving.password });
        expect(gone.statusCode, gone.body).toBe(204);
        expect(await tokenRowCount(env, userId)).toBe(0);
        const res = await withToken(env, "GET", "/api/service", made.token);
        expect(res.statusCode).toBe(401);
      });
    });

    describe("a request with Authorization: Bearer", () => {
      it("places an order, reads it and the catalog, downloads its invoice, each within its scope", async () => {
        const tool = await insertTool(env.db, { priceCents: 2500, minimum: 2 });
        const { token } = await makeToken(env, people.user, [
          "catalog:read",
          "orders:read",
          "orders:write",
          "invoices:read",
        ]);
        const catalog = await withToken(env, "GET", `/api/service/${tool.id}`, token);
        expect(catalog.statusCode, catalog.body).toBe(200);

        const placed = await withToken(env, "POST", "/api/order", token, orderBody(tool.id, 2));
        expect(placed.statusCode, placed.body).toBe(201);
        const orderId: string = placed.json().order._id;

        const mine = await withToken(env, "GET", "/api/order", token);
        expect(mine.statusCode, mine.body).toBe(200);
        expect(mine.body).toContain(orderId);
        const one = await withToken(env, "GET", `/api/order/${orderId}`, token);
        expect(one.statusCode).toBe(200);
        expect(one.json().orderEmail).toBe(people.user.email);

        await payOrder(env.app, people.user, orderId);
        const pdf = await withToken(env, "GET", `/api/orders/${orderId}/invoice.pdf`, token);
        expect(pdf.statusCode, pdf.body).toBe(200);
        expect(pdf.headers["content-type"]).toContain("application/pdf");
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      });

      it("acts by the token alone: a session cookie sent with it is not read", async () => {
        const tool = await insertTool(env.db, { minimum: 1 });
        const { token } = await makeToken(env, people.other, ["orders:read", "orders:write"]);
        const placed = await call(env.app, "POST", "/api/order", people.user, orderBody(tool.id, 1), {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().order.orderEmail).toBe(people.other.email);
      });

      it("reads the API document and the health check with any valid token, as a visitor would", async () => {
        const { token } = await makeToken(env, people.user, ["orders:read"]);
        const document = await withToken(env, "GET", "/api/openapi.json", token);
        expect(document.statusCode).toBe(200);
        expect(document.json().openapi).toBe("3.1.0");
        expect((await withToken(env, "GET", "/api/health", token)).statusCode).toBe(200);
      });

      it("refuses a scope the token lacks with 403 naming it", async () => {
        const tool = await insertTool(env.db);
        const { token } = await makeToken(env, people.user, ["catalog:read"]);
        const order = await withToken(env, "POST", "/api/order", token, orderBody(tool.id, tool.minimum));
        expect(order.statusCode).toBe(403);
        expect(order.json()).toEqual({ error: tokenMessages.missingScope("orders:write") });
        const list = await withToken(env, "GET", "/api/order", token);
        expect(list.json()).toEqual({ error: tokenMessages.missingScope("orders:read") });
        const reader = await makeToken(env, people.user, ["orders:read"]);
        const catalog = await withToken(env, "GET", "/api/service", reader.token);
        expect(catalog.statusCode).toBe(403);
        expect(catalog.json()).toEqual({ error: tokenMessages.missingScope("catalog:read") });
      });

      it("refuses a revoked token at once, an expired one and a wrong one with 401, on public routes too", async () => {
        const revoked = await makeToken(env, people.user, ["catalog:read"]);
        expect((await withToken(env, "GET", "/api/service", revoked.token)).statusCode).toBe(200);
        await call(env.app, "DELETE", `/api/account/tokens/${revoked.id}`, people.user);
        const expired = await makeToken(env, people.user, ["catalog:read"]);
        await env.db.update(apiTokens).set({ expiresAt: new Date() }).where(eq(apiTokens.id, expired.id));
        const wrong = `${revoked.token.slice(0, -4)}AAAA`;
        for (const token of [revoked.token, expired.token, wrong, "not-ours", ""]) {
          for (const url of ["/api/service", "/api/order", "/api/health"]) {
            const res = await withToken(env, "GET", url, token);
            expect(res.statusCode, `${url} ${token}`).toBe(401);
            expect(res.json()).toEqual({ error: tokenMessages.invalid });
          }
        }
      });

      it("never reaches an admin route, an admin's token included, nor a route without a scope", async () => {
        const { token } = await makeToken(env, people.admin, ["catalog:read", "orders:read", "orders:write"]);
        for (const [method, url] of [
          ["GET", "/api/user"],
          ["GET", "/api/allOrder"],
          ["GET", "/api/account/export"],
          ["POST", "/api/myProfile"],
        ] as const) {
          const res = await withToken(env, method, url, token);
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ error: tokenMessages.notThroughToken });
        }
        const contact = await withToken(env, "POST", "/api/contact", token, {});
        expect(contact.statusCode).toBe(403);
        expect(contact.json()).toEqual({ error: tokenMessages.notThroughToken });
        // The same admin, signed in, may.
        expect((await call(env.app, "GET", "/api/allOrder", people.admin)).statusCode).toBe(200);
      });

      it("cannot make, list or revoke tokens (403), and nothing is written", async () => {
        const made = await makeToken(env, people.user, ["catalog:read", "orders:write"]);
        const before = await tokenRowCount(env);
        const body = { name: "child", scopes: ["catalog:read"], expiresInDays: 1 };
        const create = await withToken(env, "POST", "/api/account/tokens", made.token, body);
        expect(create.statusCode).toBe(403);
        expect(create.json()).toEqual({ error: tokenMessages.notThroughToken });
        expect((await withToken(env, "GET", "/api/account/tokens", made.token)).statusCode).toBe(403);
        const revoke = await withToken(env, "DELETE", `/api/account/tokens/${made.id}`, made.token);
        expect(revoke.statusCode).toBe(403);
        expect(await tokenRowCount(env)).toBe(before);
      });

      it("answers a malformed body 400 before a wrong token's 401", async () => {
        const res = await call(env.app, "POST", "/api/order", undefined, "{not json", {
          headers: { authorization: "Bearer cmt_wrong", "content-type": "application/json" },
        });
        expect(res.statusCode).toBe(400);
      });

      it("is not refused for a foreign Origin, while a cookie request from there still is", async () => {
        const tool = await insertTool(env.db, { minimum: 1 });
        const { token } = await makeToken(env, people.user, ["orders:write"]);
        const byToken = await withToken(env, "POST", "/api/order", token, orderBody(tool.id, 1), {
          headers: { origin: foreignOrigin, "sec-fetch-site": "cross-site" },
        });
        expect(byToken.statusCode, byToken.body).toBe(201);
        const byCookie = await call(env.app, "POST", "/api/order", people.user, orderBody(tool.id, 1), {
          headers: { origin: foreignOrigin },
        });
        expect(byCookie.statusCode).toBe(403);
        expect(byCookie.json()).toEqual({ error: "Cross-site requests are not allowed" });
        // A wrong token from another site gets no further than the token check.
        const wrong = await withToken(env, "POST", "/api/order", "cmt_wrong", orderBody(tool.id, 1), {
          headers: { origin: foreignOrigin },
        });
        expect(wrong.statusCode).toBe(401);
      });

      it("is checked over HTTP on the tool list too, which plain visits get from memory", async () => {
        await env.app.listen({ port: 0, host: "127.0.0.1" });
        const address = env.app.server.address();
        const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
        for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/service`)).status).toBe(200);
        const wrong = await fetch(`${base}/api/service`, { headers: { authorization: "Bearer cmt_wrong" } });
        expect(wrong.status).toBe(401);
        const { token } = await makeToken(env, people.user, ["orders:read"]);
        const lacking = await fetch(`${base}/api/service`, { headers: { authorization: `Bearer ${token}` } });
        expect(lacking.status).toBe(403);
      });

      it("records the token's last use", async () => {
        const made = await makeToken(env, people.user, ["catalog:read"]);
        expect(made.lastUsedAt).toBeNull();
        expect((await withToken(env, "GET", "/api/service", made.token)).statusCode).toBe(200);
        const listed = await call(env.app, "GET", "/api/account/tokens", people.user);
        const shown = listed.json<TokenAnswer[]>().find((t) => t.id === made.id);
        expect(shown?.lastUsedAt).not.toBeNull();
        expect(Date.parse(shown?.lastUsedAt as string)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
      });
    });
  },
  { ADMIN_EMAILS: adminEmail, DATA_DIR: dataDir },
);

const apiRateLimit = 3;

describeEachDatabase(
  "access tokens' per-account limit",
  (env) => {
    it(`answers 429 with Retry-After after ${apiRateLimit} token requests a minute, all the account's tokens together`, async () => {
      const buyer = await signUp(env.app);
      const first = await makeToken(env, buyer, ["catalog:read"]);
      const second = await makeToken(env, buyer, ["catalog:read"]);
      for (const token of [first.token, second.token, first.token]) {
        expect((await withToken(env, "GET", "/api/service", token)).statusCode).toBe(200);
      }
      const refused = await withToken(env, "GET", "/api/service", second.token);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(refused.json().error).toMatch(/^Too many requests/);
      // The shop's own pages (session cookie) are not counted, and another account has its own count.
      expect((await call(env.app, "GET", "/api/account/tokens", buyer)).statusCode).toBe(200);
      const other = await signUp(env.app);
      const theirs = await makeToken(env, other, ["catalog:read"]);
      expect((await withToken(env, "GET", "/api/service", theirs.token)).statusCode).toBe(200);
    });
  },
  { API_RATE_LIMIT: String(apiRateLimit) },
);
