import crypto from "node:crypto";
import Fastify from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../orders/tables";
import { reviews } from "../reviews/tables";
import { insertTool } from "../test/factories";
import { call } from "../test/requests";
import { adminEmail, signUp, type TestUser } from "../test/sessions";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { uploads } from "../uploads/tables";
import { installErrorHandlers } from "./errors";
import { createOriginRule, refuseCrossSiteWrites, requestOrigin } from "./origin-check";

/** A page on another port of the same host: same-site, so the SameSite=Lax cookie goes along. */
const otherPort = "http://localhost:4444";
const evil = "https://evil.example";

const multipart = (data: Buffer) => {
  const boundary = `----cm-${crypto.randomBytes(6).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
};

describeEachDatabase(
  "cross-site writes: every unsafe method, whatever the path's spelling",
  (env) => {
    let user: TestUser;
    let admin: TestUser;
    let toolId: string;

    beforeAll(async () => {
      user = await signUp(env.app);
      admin = await signUp(env.app, { email: adminEmail });
      toolId = (await insertTool(env.db)).id;
    });

    const review = () => ({
      name: user.name,
      email: user.email,
      description: "Sturdy and cheap.",
      rating: 5,
    });
    const order = () => ({
      orderId: toolId,
      orderMinimum: 10,
      orderPhone: "+1 (555) 010-0100",
      orderAddress: "12 Garage Lane, Springfield",
      orderDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    const profile = () => ({
      name: user.name,
      email: user.email,
      education: "Bachelor",
      location: "Springfield",
      phone: "+1 (555) 010-0100",
      linkedIn: "https://linkedin.com/in/someone",
      img: "/images/tools/piston.svg",
    });
    const count = async (table: typeof reviews | typeof uploads | typeof orders) =>
      (await env.db.select().from(table)).length;

    for (const origin of [otherPort, evil]) {
      it(`refuses a review and an order at /%61pi/ and /ap%69/ from ${origin} with the victim's cookie`, async () => {
        const before = await count(reviews);
        for (const url of ["/%61pi/review", "/ap%69/review", "/api/review", "/api//review", "/API/review"]) {
          const res = await call(env.app, "POST", url, user, review(), { headers: { origin } });
          expect(res.statusCode, url).toBe(403);
          expect(res.json(), url).toEqual({ error: "Cross-site requests are not allowed" });
        }
        expect(await count(reviews)).toBe(before);
        const ordersBefore = await count(orders);
        for (const url of ["/ap%69/order", "/%61%70%69/order"]) {
          const res = await call(env.app, "POST", url, user, order(), { headers: { origin } });
          expect(res.statusCode, url).toBe(403);
        }
        expect(await count(orders)).toBe(ordersBefore);
      });
    }

    it("refuses a profile, an upload and a make-admin form sent from another origin", async () => {
      const profileRes = await call(env.app, "POST", "/%61pi/myProfile", user, profile(), {
        headers: { origin: otherPort },
      });
      expect(profileRes.statusCode).toBe(403);
      expect((await call(env.app, "GET", "/api/myProfile", user)).statusCode).toBe(404);

      const uploadsBefore = await count(uploads);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
        .png()
        .toBuffer();
      const form = multipart(png);
      const upload = await call(env.app, "POST", "/%61pi/upload", user, form.payload, {
        headers: { ...form.headers, origin: otherPort },
      });
      expect(upload.statusCode).toBe(403);
      expect(await count(uploads)).toBe(uploadsBefore);

      const makeAdmin = await call(
        env.app,
        "PUT",
        `/ap%69/user/admin/${encodeURIComponent(user.email)}`,
        admin,
        undefined,
        {
          headers: { origin: otherPort },
        },
      );
      expect(makeAdmin.statusCode).toBe(403);
      const flag = await call(env.app, "GET", `/api/admin/${encodeURIComponent(user.email)}`, admin);
      expect(flag.json()).toEqual({ admin: false });

      const remove = await call(env.app, "DELETE", `/%61pi/service/${toolId}`, admin, undefined, {
        headers: { origin: otherPort },
      });
      expect(remove.statusCode).toBe(403);
      expect((await call(env.app, "GET", `/api/service/${toolId}`)).statusCode).toBe(200);
    });

    it("refuses a write without Origin that the browser marks cross-site, and a null Origin", async () => {
      const noOrigin = await env.app.inject({
        method: "POST",
        url: "/%61pi/review",
        headers: { cookie: user.cookie, "sec-fetch-site": "cross-site" },
        payload: review(),
      });
      expect(noOrigin.statusCode).toBe(403);
      const nullOrigin = await call(env.app, "POST", "/api/review", user, review(), {
        headers: { origin: "null" },
      });
      expect(nullOrigin.statusCode).toBe(403);
    });

    it("takes the same writes from the shop's own pages (the refusals above are the origin's doing)", async () => {
      expect((await call(env.app, "POST", "/%61pi/review", user, review())).statusCode).toBe(201);
      expect((await call(env.app, "POST", "/ap%69/order", user, order())).statusCode).toBe(201);
      expect((await call(env.app, "POST", "/api/myProfile", user, profile())).statusCode).toBeLessThan(300);
      const form = multipart(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3c3" } })
          .png()
          .toBuffer(),
      );
      const upload = await call(env.app, "POST", "/api/upload", user, form.payload, {
        headers: form.headers,
      });
      expect(upload.statusCode).toBe(201);
    });
  },
  { ADMIN_EMAILS: adminEmail },
);

describe("cross-site writes: the webhook routes are the only, named exceptions", () => {
  const app = Fastify();
  installErrorHandlers(app);
  refuseCrossSiteWrites(
    app,
    createOriginRule({ trustedOrigins: [testOrigin], sameHost: false, trustProxy: false }),
  );
  app.post("/api/webhooks/stripe", async () => ({ received: true }));
  app.post("/api/webhooks/other", async () => ({ received: true }));
  app.post("/somewhere/else", async () => ({ done: true }));

  it("lets a server post to /api/webhooks/stripe from anywhere, however the path is spelled", async () => {
    for (const url of ["/api/webhooks/stripe", "/api/webhooks/%73tripe"]) {
      const res = await app.inject({ method: "POST", url, headers: { origin: evil }, payload: {} });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it("refuses every other unsafe method from another origin, on any path, unknown ones included", async () => {
    for (const [method, url] of [
      ["POST", "/api/webhooks/other"],
      ["POST", "/api/webhooks/stripe/../other"],
      ["POST", "/somewhere/else"],
      ["PUT", "/no/such/route"],
      ["PATCH", "/api/webhooks/stripe"],
      ["DELETE", "/api/webhooks/stripe"],
    ] as const) {
      const res = await app.inject({ method, url, headers: { origin: evil }, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("the request's own origin", () => {
  const headers =
    (h: Record<string, string>) =>
    (name: string): string | undefined =>
      h[name];

  it("is http://<Host>, or the proxy's scheme and host only when the proxy is trusted", () => {
    expect(requestOrigin(headers({ host: "127.0.0.1:3000" }), false)).toBe("http://127.0.0.1:3000");
    expect(requestOrigin(headers({ host: "Shop.LAN" }), false)).toBe("http://shop.lan");
    const proxied = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "shop.example",
      "x-forwarded-proto": "https",
    });
    expect(requestOrigin(proxied, false)).toBe("http://10.0.0.5:3000");
    expect(requestOrigin(proxied, true)).toBe("https://shop.example");
    expect(requestOrigin(headers({ host: "a", "x-forwarded-proto": "http, https" }), true)).toBe("https://a");
  });

  it("is none for a Host no browser sends", () => {
    for (const host of ["", "evil.example/path", "user@evil.example", "a b", "evil.example?x", "[::1"]) {
      expect(requestOrigin(headers({ host }), false), host).toBeUndefined();
    }
  });
});

describeEachDatabase(
  "cross-site writes without PUBLIC_URL: the address the shop was reached at is trusted",
  (env) => {
    const at = (origin: string, host: string) => ({ headers: { origin, host } });
    const newUser = () => ({
      name: "Lan User",
      email: `lan${crypto.randomBytes(4).toString("hex")}@example.com`,
      password: "correct-horse-1",
    });
    const contact = {
      email: "workshop@example.com",
      subject: "Brake pads",
      message: "Do you ship to Dhaka?",
    };

    for (const [origin, host] of [
      ["http://127.0.0.1:3000", "127.0.0.1:3000"],
      ["http://192.168.1.20:3000", "192.168.1.20:3000"],
      ["http://localhost:3000", "localhost:3000"],
    ] as const) {
      it(`signs up, signs in, signs out and sends the contact form at ${origin}`, async () => {
        const account = newUser();
        const up = await call(
          env.app,
          "POST",
          "/api/auth/sign-up/email",
          undefined,
          account,
          at(origin, host),
        );
        expect(up.statusCode, up.body).toBe(200);
        const inResponse = await call(
          env.app,
          "POST",
          "/api/auth/sign-in/email",
          undefined,
          { email: account.email, password: account.password },
          at(origin, host),
        );
        expect(inResponse.statusCode, inResponse.body).toBe(200);
        const cookie = String(inResponse.headers["set-cookie"]).split(";")[0] ?? "";
        // With a cookie, Better Auth checks the Origin itself: it must agree with ours.
        const out = await call(
          env.app,
          "POST",
          "/api/auth/sign-out",
          undefined,
          {},
          {
            headers: { origin, host, cookie },
          },
        );
        expect(out.statusCode, out.body).toBe(200);
        const sent = await call(env.app, "POST", "/api/contact", undefined, contact, at(origin, host));
        expect(sent.statusCode, sent.body).toBe(201);
      });
    }

    it("still refuses another port, another scheme or another host than the one reached", async () => {
      for (const [origin, host] of [
        ["http://127.0.0.1:4444", "127.0.0.1:3000"],
        ["https://127.0.0.1:3000", "127.0.0.1:3000"],
        ["http://evil.example", "127.0.0.1:3000"],
      ] as const) {
        const up = await call(
          env.app,
          "POST",
          "/api/auth/sign-up/email",
          undefined,
          newUser(),
          at(origin, host),
        );
        expect(up.statusCode, origin).toBe(403);
        const sent = await call(env.app, "POST", "/api/contact", undefined, contact, at(origin, host));
        expect(sent.statusCode, origin).toBe(403);
      }
    });

    it("ignores X-Forwarded-Host and -Proto when the proxy is not trusted", async () => {
      const res = await call(env.app, "POST", "/api/auth/sign-up/email", undefined, newUser(), {
        headers: {
          origin: "https://shop.example",
          host: "127.0.0.1:3000",
          "x-forwarded-host": "shop.example",
          "x-forwarded-proto": "https",
        },
      });
      expect(res.statusCode).toBe(403);
    });
  },
  { PUBLIC_URL: "" },
);

describeEachDatabase(
  "cross-site writes without PUBLIC_URL behind a trusted proxy",
  (env) => {
    it("trusts the origin the proxy says the browser reached", async () => {
      const res = await call(
        env.app,
        "POST",
        "/api/auth/sign-up/email",
        undefined,
        { name: "Proxied User", email: `px${Date.now()}@example.com`, password: "correct-horse-1" },
        {
          headers: {
            origin: "https://shop.example",
            host: "10.0.0.5:3000",
            "x-forwarded-host": "shop.example",
            "x-forwarded-proto": "https",
          },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    });
  },
  { PUBLIC_URL: "", TRUST_PROXY: "true" },
);

describeEachDatabase(
  "cross-site writes with PUBLIC_URL: only it (and TRUSTED_ORIGINS)",
  (env) => {
    it("refuses sign-up and the contact form at an address other than PUBLIC_URL, even its own Host", async () => {
      const at = { headers: { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" } };
      const up = await call(
        env.app,
        "POST",
        "/api/auth/sign-up/email",
        undefined,
        { name: "Strict User", email: `strict${Date.now()}@example.com`, password: "correct-horse-1" },
        at,
      );
      expect(up.statusCode).toBe(403);
      const sent = await call(
        env.app,
        "POST",
        "/api/contact",
        undefined,
        { email: "workshop@example.com", subject: "Brake pads", message: "Hello" },
        at,
      );
      expect(sent.statusCode).toBe(403);
    });

    it("takes them at PUBLIC_URL and at a TRUSTED_ORIGINS entry", async () => {
      for (const origin of [testOrigin, "http://localhost:5173"]) {
        const up = await call(
          env.app,
          "POST",
          "/api/auth/sign-up/email",
          undefined,
          {
            name: "Strict User",
            email: `ok${crypto.randomBytes(4).toString("hex")}@example.com`,
            password: "correct-horse-1",
          },
          { headers: { origin, host: "127.0.0.1:3000" } },
        );
        expect(up.statusCode, `${origin} ${up.body}`).toBe(200);
      }
    });
  },
  { TRUSTED_ORIGINS: "http://localhost:5173" },
);
