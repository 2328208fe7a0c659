import sharp from "sharp";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Company } from "../../contract/companies";
import { invitationToken } from "../companies/company-test-helpers";
import { placeOrder, testCard } from "../orders/order-test-helpers";
import { portfolioOf, profileOf } from "../test/bodies";
import { insertTool, userIdOf } from "../test/factories";
import { call, type Method } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, TestEnv } from "../test/test-env";
import { documentedAnswerProblems } from "./answer-check";
import { shopRoutes } from "./answer-groups";
import { docsContentSecurityPolicy } from "./routes";

// A real answer of every route of `shopRoutes` held to the schema GET /api/openapi.json documents
// for it (server/openapi/answer-check.ts), and an answer of each kind of refusal (400, 401, 403, 404).

type ShopRoute = (typeof shopRoutes)[number];

/** Routes the document leaves out (the document and its page): their answers are checked by type. */
const undocumented: readonly ShopRoute[] = ["GET /api/openapi.json", "GET /api/docs", "GET /api/docs/:file"];

/** A route that never succeeds (any other address under /uploads/): its 404 stands for it. */
const neverSucceeds: readonly ShopRoute[] = ["GET /uploads/*"];

const webhookSecret = "whsec_answers_shop";

/** A multipart/form-data body with one photo in the field `image`, as a browser's FormData sends it. */
async function photoForm() {
  const photo = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 9 } },
  })
    .png()
    .toBuffer();
  const boundary = `----answers${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase(
  "the shop's routes answer as the API document says",
  (env) => {
    // POST /api/webhooks/stripe exists only with Stripe configured.
    const stripe = new TestEnv(env.kind, {
      STRIPE_SECRET_KEY: "sk_test_answers",
      STRIPE_PUBLISHABLE_KEY: "pk_test_answers",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
    beforeAll(() => stripe.start());
    afterAll(() => stripe.stop());

    const answered = new Set<string>();
    let user: TestUser;
    let other: TestUser;
    let admin: TestUser;
    beforeAll(async () => {
      user = await signUp(env.app);
      other = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
    });

    /** Calls the route and holds its answer to the document: the status expected, then the body's schema. */
    async function expectDocumented(
      route: ShopRoute,
      status: number,
      request: {
        method?: Method;
        url: string;
        who?: TestUser;
        body?: unknown;
        headers?: Record<string, string>;
      },
      app = env.app,
    ) {
      const method = request.method ?? (route.split(/[ ,]/)[0] as Method);
      const res = await call(
        app,
        method,
        request.url,
        request.who,
        request.body,
        request.headers ? { headers: request.headers } : {},
      );
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBe(status);
      // One route for GET and POST: the document lists each method.
      const documented = route.replace("GET,POST ", `${method} `);
      expect(documentedAnswerProblems(app, documented, res)).toEqual([]);
      if (status < 300 || (status === 404 && neverSucceeds.includes(route))) answered.add(route);
      return res;
    }

    it("health, metrics, crawlers' files, shop links and sign-in options", async () => {
      await expectDocumented("GET /api/health", 200, { url: "/api/health" });
      await expectDocumented("GET /api/health/ready", 200, { url: "/api/health/ready" });
      await expectDocumented("GET /metrics", 200, { url: "/metrics" });
      await expectDocumented("GET /robots.txt", 200, { url: "/robots.txt" });
      await expectDocumented("GET /sitemap.xml", 200, { url: "/sitemap.xml" });
      await expectDocumented("GET /api/shop-links", 200, { url: "/api/shop-links" });
      await expectDocumented("GET /api/auth-options", 200, { url: "/api/auth-options" });
      await expectDocumented("GET,POST /api/auth/*", 200, { url: "/api/auth/get-session", who: user });
      await expectDocumented("GET,POST /api/auth/*", 401, {
        method: "POST",
        url: "/api/auth/sign-in/email",
        body: { email: other.email, password: "not-the-password" },
      });
    });

    it("the document and its page (left out of the document: their types)", async () => {
      const document = await call(env.app, "GET", "/api/openapi.json");
      expect(document.statusCode).toBe(200);
      expect(document.json()).toMatchObject({ openapi: "3.1.0" });
      const page = await call(env.app, "GET", "/api/docs");
      expect([page.statusCode, page.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
      // Our own scripts only: no inline script, no eval, nothing from another origin.
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toBe(docsContentSecurityPolicy);
      expect(csp).not.toMatch(/unsafe|https?:/);
      expect(page.body).not.toMatch(/<script>|<style|style=/);
      const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
      expect(files.length).toBe(4);
      for (const file of files) {
        expect(file).toMatch(/^\/api\/docs\//);
        const res = await call(env.app, "GET", file);
        expect(res.statusCode, file).toBe(200);
      }
      const start = await call(env.app, "GET", "/api/docs/start.js");
      expect(start.body).toContain('url: "/api/openapi.json"');
      for (const route of undocumented) answered.add(route);
    });

    it("accounts: admin flag, users, make admin, message settings, my data, delete my account", async () => {
      await expectDocumented("GET /api/admin/:email", 200, { url: `/api/admin/${user.email}`, who: user });
      await expectDocumented("GET /api/user", 200, { url: "/api/user?limit=2", who: admin });
      await expectDocumented("PUT /api/user/admin/:email", 200, {
        url: `/api/user/admin/${other.email}`,
        who: admin,
      });
      await expectDocumented("GET /api/account/notifications", 200, {
        url: "/api/account/notifications",
        who: admin,
      });
      await expectDocumented("PUT /api/account/notifications", 200, {
        url: "/api/account/notifications",
        who: admin,
        body: { "low-stock": false },
      });
      await expectDocumented("GET /api/account/export", 200, { url: "/api/account/export", who: user });
      const leaving = await signUp(env.app);
      await expectDocumented("DELETE /api/account", 204, {
        url: "/api/account",
        who: leaving,
        body: { password: leaving.password },
      });
    });

    it("companies: apply, approve, list, members, invitations, payments, balance, statement", async () => {
      const owner = await signUp(env.app);
      const buyer = await signUp(env.app);
      const applied = await expectDocumented("POST /api/companies", 201, {
        url: "/api/companies",
        who: owner,
        body: { name: `Garage ${crypto.randomUUID().slice(0, 8)}`, taxId: "DE123456789", address: "1 Road" },
      });
      const id = applied.json<Company>()._id;
      await expectDocumented("PATCH /api/companies/:id", 200, {
        url: `/api/companies/${id}`,
        who: admin,
        body: { status: "approved", paymentTermsDays: 30, creditLimit: 5000 },
      });
      await expectDocumented("GET /api/companies", 200, { url: "/api/companies?limit=5", who: admin });
      await expectDocumented("POST /api/companies/:id/members", 201, {
        url: `/api/companies/${id}/members`,
        who: owner,
        body: { email: buyer.email, role: "buyer" },
      });
      const token = await invitationToken(env, buyer.email);
      await expectDocumented("POST /api/companies/invitations/:token/accept", 200, {
        url: `/api/companies/invitations/${token}/accept`,
        who: buyer,
      });
      await expectDocumented("GET /api/companies/mine", 200, { url: "/api/companies/mine", who: owner });
      const buyerId = await userIdOf(env.db, buyer.email);
      await expectDocumented("PATCH /api/companies/:id/members/:userId", 200, {
        url: `/api/companies/${id}/members/${buyerId}`,
        who: owner,
        body: { role: "admin" },
      });
      await expectDocumented("DELETE /api/companies/:id/members/:userId", 204, {
        url: `/api/companies/${id}/members/${buyerId}`,
        who: owner,
      });
      await expectDocumented("POST /api/companies/:id/payments", 201, {
        url: `/api/companies/${id}/payments`,
        who: admin,
        body: { amount: 12.5, reference: "Wire 1", receivedOn: "2026-01-05" },
      });
      await expectDocumented("GET /api/companies/:id/balance", 200, {
        url: `/api/companies/${id}/balance`,
        who: owner,
      });
      await expectDocumented("GET /api/companies/:id/statement", 200, {
        url: `/api/companies/${id}/statement`,
        who: owner,
      });
      await expectDocumented("GET /api/companies/:id/statement", 200, {
        url: `/api/companies/${id}/statement?format=csv`,
        who: admin,
      });
    });

    it("contact, reviews, profiles, portfolios, the outbox", async () => {
      const sent = await expectDocumented("POST /api/contact", 201, {
        url: "/api/contact",
        body: { email: "workshop@example.com", subject: "Brake pads", message: "2,000 brake pads, please." },
      });
      await expectDocumented("GET /api/contact", 200, { url: "/api/contact", who: admin });
      await expectDocumented("PATCH /api/contact/:id", 200, {
        url: `/api/contact/${sent.json<{ insertedId: string }>().insertedId}`,
        who: admin,
        body: { read: true },
      });
      await expectDocumented("POST /api/review", 201, {
        url: "/api/review",
        who: user,
        body: { name: user.name, email: user.email, description: "Sturdy tools, quick delivery.", rating: 5 },
      });
      await expectDocumented("GET /api/review", 200, { url: "/api/review" });
      await expectDocumented("POST /api/myProfile", 201, {
        url: "/api/myProfile",
        who: user,
        body: profileOf(user),
      });
      await expectDocumented("GET /api/myProfile", 200, { url: `/api/myProfile?email=${user.email}` });
      await expectDocumented("POST /api/myPortfolio", 201, {
        url: "/api/myPortfolio",
        who: user,
        body: portfolioOf(user),
      });
      await expectDocumented("GET /api/myPortfolio", 200, { url: "/api/myPortfolio", who: user });
      await expectDocumented("GET /api/showAllProfile", 200, { url: "/api/showAllProfile", who: admin });
      await expectDocumented("GET /api/outbox", 200, { url: "/api/outbox", who: admin });
    });

    it("tax rates and the seller's details", async () => {
      await expectDocumented("PUT /api/settings/tax", 200, {
        url: "/api/settings/tax",
        who: admin,
        body: { rates: [{ country: "US", region: "NY", rate: 8.875, label: "Sales tax" }] },
      });
      await expectDocumented("GET /api/settings/tax", 200, { url: "/api/settings/tax", who: admin });
      await expectDocumented("GET /api/tax/rates", 200, { url: "/api/tax/rates" });
      await expectDocumented("GET /api/settings/seller", 200, { url: "/api/settings/seller", who: admin });
      await expectDocumented("PUT /api/settings/seller", 200, {
        url: "/api/settings/seller",
        who: admin,
        body: { legalName: "Car Mechanic Ltd", address: "1 Shop St", taxId: "US-1", bankDetails: "IBAN 1" },
      });
    });

    it("payments: the gateway, a payment started and confirmed, a Stripe event", async () => {
      await expectDocumented("GET /api/payments/config", 200, { url: "/api/payments/config" });
      const tool = await insertTool(env.db, { priceCents: 12_50, minimum: 10, available: 1000 });
      const order = await placeOrder(env.app, user, tool.id, 10);
      const started = await expectDocumented("POST /api/create-payment-intent", 200, {
        url: "/api/create-payment-intent",
        who: user,
        body: { orderId: order._id },
      });
      await expectDocumented("POST /api/payments/simulated/confirm", 200, {
        url: "/api/payments/simulated/confirm",
        body: { ...testCard, clientSecret: started.json<{ clientSecret: string }>().clientSecret },
      });

      // An event the shop does not act on: received all the same.
      const payload = JSON.stringify({
        id: "evt_answers",
        object: "event",
        type: "customer.created",
        data: { object: {} },
      });
      const res = await stripe.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(documentedAnswerProblems(stripe.app, "POST /api/webhooks/stripe", res)).toEqual([]);
      answered.add("POST /api/webhooks/stripe");
    });

    it("uploads: a photo stored, served, and any other address a 404", async () => {
      const form = await photoForm();
      const stored = await env.app.inject({
        method: "POST",
        url: "/api/upload",
        headers: { ...form.headers, cookie: user.cookie, origin: "http://localhost:3000" },
        payload: form.payload,
      });
      expect(stored.statusCode, stored.body).toBe(201);
      expect(documentedAnswerProblems(env.app, "POST /api/upload", stored)).toEqual([]);
      answered.add("POST /api/upload");
      const url = stored.json<{ data: { url: string } }>().data.url;
      await expectDocumented("GET /uploads/:name", 200, { url: new URL(url, "http://x").pathname });
      await expectDocumented("GET /uploads/*", 404, { url: "/uploads/a/b.webp" });
    });

    it("refuses as documented: 400, 401, 403, 404", async () => {
      await expectDocumented("POST /api/contact", 400, { url: "/api/contact", body: {} });
      await expectDocumented("GET /api/account/export", 401, { url: "/api/account/export" });
      await expectDocumented("GET /api/user", 403, { url: "/api/user", who: user });
      await expectDocumented("PATCH /api/contact/:id", 404, {
        url: `/api/contact/${crypto.randomUUID()}`,
        who: admin,
        body: { read: true },
      });
      await expectDocumented("GET /api/myProfile", 404, { url: `/api/myProfile?email=${other.email}` });
      await expectDocumented("PUT /api/account/notifications", 403, {
        url: "/api/account/notifications",
        who: user,
        body: {},
      });
    });

    it("answered every route of the group", () => {
      expect(shopRoutes.filter((route) => !answered.has(route))).toEqual([]);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);
