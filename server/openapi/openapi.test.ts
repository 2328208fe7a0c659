import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { webhookEvents } from "../../contract/webhooks";
import { call } from "../test/requests";
import { describeEachDatabase, TestEnv } from "../test/test-env";
import { orderRoutes, shopRoutes, tokenRoutes, webhookRoutes } from "./answer-groups";

// GET /api/openapi.json (issue 29): a valid OpenAPI 3.1 document of every route the server has, each
// with who may call it; and every route in exactly one group of the answer tests (answer-groups.ts).

type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  "x-access"?: string;
  "x-scope"?: string;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Operation & { parameters?: { name: string }[] } }>;
};

/** server/accounts/route-access.txt's routes: "GET /api/order/:id" and who may call it. */
function committedRoutes(): { route: string; method: string; url: string; access: string }[] {
  const file = fs.readFileSync(path.join(import.meta.dirname, "../accounts/route-access.txt"), "utf8");
  return file
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"))
    .map((line) => {
      const [methods = "", url = "", access = ""] = line.trim().split(/\s+/);
      return { route: `${methods} ${url}`, method: methods, url, access };
    });
}

/** The document's path of a route's URL: `/api/order/{id}`, `/uploads/{*}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, "{$1}").replace(/\*$/, "{*}");
const pathParams = (url: string) => [...url.matchAll(/:(\w+)|(\*)$/g)].map((m) => m[1] ?? "*");

/** Routes the document leaves out: the document itself and the page that shows it. */
const undocumented = (url: string) => url === "/api/openapi.json" || url.startsWith("/api/docs");

/**
 * Writes that take no body (every other POST, PUT and PATCH documents its body), and Better Auth's
 * catch-all, one route for GET and POST whose bodies its description names per endpoint.
 */
const bodiless = new Set([
  "GET,POST /api/auth/*",
  "PUT /api/user/admin/:email",
  "POST /api/companies/invitations/:token/accept",
  "POST /api/order/:id/reorder",
  "PUT /api/allOrder/:id",
  "POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/retry",
]);

/** Routes that never succeed: any address under /uploads/ that is no photo's is a 404. */
const neverSucceeds = new Set(["GET /uploads/*"]);

describeEachDatabase(
  "the API document: GET /api/openapi.json",
  (env) => {
    // The Stripe webhook is only served with Stripe configured, the simulated gateway's only without.
    const stripe = new TestEnv(env.kind, {
      STRIPE_SECRET_KEY: "sk_test_document",
      STRIPE_PUBLISHABLE_KEY: "pk_test_document",
      STRIPE_WEBHOOK_SECRET: "whsec_document",
    });
    let documents: Document[] = [];
    beforeAll(async () => {
      await stripe.start();
      documents = [];
      for (const app of [env.app, stripe.app]) {
        const res = await call(app, "GET", "/api/openapi.json");
        expect(res.statusCode).toBe(200);
        documents.push(res.json());
      }
    });
    afterAll(() => stripe.stop());

    /** A route's operation in whichever document has it. */
    const operationOf = (method: string, url: string): Operation | undefined =>
      documents.map((d) => d.paths[documentPath(url)]?.[method.toLowerCase()]).find(Boolean);

    it("is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)", async () => {
      for (const document of documents) {
        const validator = new Validator();
        const result = await validator.validate(structuredClone(document));
        expect(validator.version).toBe("3.1");
        expect(result.errors).toBeUndefined();
        expect(result.valid).toBe(true);
      }
    });

    it("documents every route of route-access.txt: tags, a summary, a 2xx answer, its parameters and body", () => {
      const problems: string[] = [];
      for (const { route, method, url } of committedRoutes()) {
        if (undocumented(url)) continue;
        for (const m of method.split(",")) {
          const op = operationOf(m, url);
          const name = `${m} ${url}`;
          if (!op) {
            problems.push(`${name}: not in the document (give the route a schema)`);
            continue;
          }
          if (!op.tags?.length) problems.push(`${name}: no tags`);
          if (!op.summary) problems.push(`${name}: no summary`);
          const succeeds = Object.keys(op.responses ?? {}).some((status) => /^2/.test(status));
          if (!succeeds && !neverSucceeds.has(name)) {
            problems.push(`${name}: no 2xx answer`);
          }
          const documented = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
          for (const param of pathParams(url)) {
            if (!documented.includes(param)) problems.push(`${name}: path parameter ${param} undocumented`);
          }
          const writes = ["POST", "PUT", "PATCH"].includes(m) && !bodiless.has(route) && !bodiless.has(name);
          if (writes && !op.requestBody) problems.push(`${name}: body undocumented`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("says who may call each route as route-access.txt does; an admin route never takes a token", () => {
      const problems: string[] = [];
      for (const { method, url, access } of committedRoutes()) {
        if (undocumented(url)) continue;
        for (const m of method.split(",")) {
          const op = operationOf(m, url);
          if (!op) continue; // the test above names it
          const name = `${m} ${url}`;
          const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
          if (op["x-access"] !== access) problems.push(`${name}: x-access ${op["x-access"]}, not ${access}`);
          if (access === "admin" && (schemes.includes("accessToken") || !schemes.includes("sessionCookie"))) {
            problems.push(`${name}: an admin route's security is the session cookie only`);
          }
          if (access === "user" && !schemes.includes("sessionCookie")) {
            problems.push(`${name}: a user route takes the session cookie`);
          }
          if (schemes.includes("accessToken") !== (op["x-scope"] !== undefined)) {
            problems.push(`${name}: a token scheme exactly when the route has a scope`);
          }
          if (access === "public" && op["x-scope"] === undefined && schemes.length > 0) {
            problems.push(`${name}: a public route without a scope needs no credentials`);
          }
          if (access !== "public" && !op.responses?.["401"]) problems.push(`${name}: no 401 answer`);
          if (access === "admin" && !op.responses?.["403"]) problems.push(`${name}: no 403 answer`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("lists each webhook event with its body and the Standard Webhooks signing headers", () => {
      for (const document of documents) {
        expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...webhookEvents].sort());
        for (const event of webhookEvents) {
          const post = document.webhooks?.[event]?.post;
          expect(post?.requestBody).toBeDefined();
          expect(post?.parameters?.map((p) => p.name)).toEqual([
            "webhook-id",
            "webhook-timestamp",
            "webhook-signature",
          ]);
        }
      }
    });
  },
  {},
);

it("puts every route of route-access.txt in exactly one group of answer tests, and no other route", () => {
  const groups = [...shopRoutes, ...orderRoutes, ...tokenRoutes, ...webhookRoutes] as string[];
  const twice = groups.filter((route, i) => groups.indexOf(route) !== i);
  expect(twice).toEqual([]);
  expect([...groups].sort()).toEqual(
    committedRoutes()
      .map((r) => r.route)
      .sort(),
  );
});
