import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { tokenScopes } from "../../contract/api-tokens";
import { totalCountHeader } from "../../contract/pagination";
import {
  type WebhookEvent,
  webhookEventLabels,
  webhookEvents,
  webhookPayload,
} from "../../contract/webhooks";
import type { Access } from "../accounts/access";

/**
 * The API's OpenAPI 3.1 document, made from the routes themselves (issue 29): each route states its
 * request and answers with the contract's zod schemas in its `schema` option,
 *
 *   app.get("/api/order/:id", { config: { access: "user", scope: "orders:read" },
 *     schema: { tags: ["Orders"], summary: "One of your orders", params: orderIdParams, response: { 200: orderAnswer } } }, …)
 *
 * and @fastify/swagger collects them (fastify-type-provider-zod turns zod into JSON Schema). Who may
 * call a route (`config.access`, `config.scope`) is added here, with the errors that follow from it,
 * so no route states them twice.
 *
 * The schemas document; they do not validate. Each handler still parses its input with the same
 * contract schema (server/http/errors.ts `parseInput`), so its messages and the order of its checks
 * (a malformed body is a 400 before a missing session is a 401) stay as they were. The API tests
 * hold every route's real answers to its documented schema (server/openapi/openapi.test.ts).
 */

/** The document's `info.version`: the API's, raised when a route changes in a way a client notices. */
export const apiVersion = "1.0.0";

const errorAnswer = {
  type: "object",
  properties: { error: { type: "string", description: "What went wrong, in words a person reads" } },
  required: ["error"],
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorAnswer } },
});

const whoMayCall: Record<Access, string> = {
  public: "Anyone.",
  user: "A signed-in user (session cookie), or a personal access token with the scope named below.",
  admin: "A signed-in admin (session cookie); never an access token.",
};

/** The headers of a page of a list (server/http/pages.ts `sendPage`). */
const pageHeaders = {
  [totalCountHeader]: { type: "integer", description: "How many items the whole list has" },
  link: {
    type: "string",
    description: 'The next and previous pages (RFC 8288): `</api/…?cursor=…>; rel="next"`',
  },
};

/** A route that answers a page of a list: a `limit` in its query and an array as its 200. */
function isPaged(schema: Record<string, unknown>): boolean {
  const query = schema.querystring as { properties?: Record<string, unknown> } | undefined;
  const ok = (schema.response as Record<string, { type?: unknown }> | undefined)?.[200];
  return query?.properties?.limit !== undefined && ok?.type === "array";
}

/** jsonSchemaTransform, then who may call the route and the errors every route of its kind can answer. */
function transform(document: Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions }): {
  schema: FastifySchema;
  url: string;
} {
  const route = document.route;
  const { schema, url } = jsonSchemaTransform(document) as { schema?: Record<string, unknown>; url: string };
  if (!route || !schema || schema.hide) return { schema: schema ?? {}, url };
  const access = route.config?.access ?? "public";
  const scope = route.config?.scope;
  const responses = { ...((schema.response as Record<string, unknown>) ?? {}) };
  if (isPaged(schema)) responses[200] = { ...(responses[200] as object), headers: pageHeaders };
  // A success without words of its own is described by the route's summary (not "Default Response").
  for (const [status, answer] of Object.entries(responses)) {
    const described = answer as { description?: string; content?: unknown };
    if (/^2/.test(status) && !described.description && !described.content && schema.summary) {
      responses[status] = { ...described, "x-response-description": schema.summary };
    }
  }
  const takesInput = ["body", "querystring", "params"].some((k) => k in schema);
  if (takesInput) responses[400] ??= errorResponse("The request is not valid: `error` says what to change");
  if (access !== "public" || scope) {
    responses[401] ??= errorResponse("Not signed in, or the access token is wrong, revoked or expired");
  }
  if (access === "admin" || scope) {
    responses[403] ??= errorResponse(
      access === "admin"
        ? "Not an admin, or called with an access token"
        : "The access token lacks the scope",
    );
  }
  if ("params" in schema) responses[404] ??= errorResponse("No such thing, or not yours");
  responses[429] ??= errorResponse("Too many requests: wait the Retry-After header's seconds");
  const security: Record<string, string[]>[] =
    access === "public"
      ? scope
        ? [{}, { accessToken: [scope] }]
        : []
      : [{ sessionCookie: [] }, ...(access === "user" && scope ? [{ accessToken: [scope] }] : [])];
  const description = [
    schema.description,
    `**Who may call it:** ${whoMayCall[access]}`,
    scope && `**Token scope:** \`${scope}\``,
  ]
    .filter(Boolean)
    .join("\n\n");
  return {
    url,
    schema: {
      ...schema,
      response: responses,
      security,
      description,
      ...{ "x-access": access, ...(scope ? { "x-scope": scope } : {}) },
    } as FastifySchema,
  };
}

/** Standard Webhooks' signing headers (https://www.standardwebhooks.com), on every delivery. */
const signingHeaders = {
  "webhook-id": {
    required: true,
    description: "The message's id: the same on every attempt of one delivery (deduplicate on it)",
    schema: { type: "string" },
  },
  "webhook-timestamp": {
    required: true,
    description: "When this attempt was signed, in seconds since 1970 (refuse one far from your clock)",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  "webhook-signature": {
    required: true,
    description:
      "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret " +
      "(the bytes after `whsec_`, base64-decoded); several space-separated when the secret changes. " +
      "Verify with a Standard Webhooks library (e.g. the `standardwebhooks` npm package).",
    schema: { type: "string" },
  },
} as const;

/** An event's body as JSON Schema 2020-12, OpenAPI 3.1's own dialect (so without a `$schema` of its own). */
function payloadSchema(event: WebhookEvent) {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(webhookPayload(event), {
    target: "draft-2020-12",
    io: "output",
  });
  return schema;
}

/**
 * The document's `webhooks` (OpenAPI 3.1): each event an admin's endpoint can receive
 * (`POST /api/webhooks/endpoints`), its body from contract/webhooks.ts and the signing headers.
 */
export function webhooksSection() {
  return Object.fromEntries(
    webhookEvents.map((event) => [
      event,
      {
        post: {
          tags: ["Webhooks"],
          summary: webhookEventLabels[event],
          description:
            `Posted to each enabled endpoint subscribed to \`${event}\`, signed as Standard Webhooks says; ` +
            "retried with backoff for 24 hours until it answers 2xx (at least once: deduplicate on `webhook-id`).",
          operationId: `webhook.${event}`,
          parameters: Object.entries(signingHeaders).map(([name, header]) => ({
            name,
            in: "header",
            ...header,
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: payloadSchema(event),
              },
            },
          },
          responses: {
            "2XX": { description: "Received: no further attempt" },
            default: {
              description:
                "Not received: tried again later (after 24 hours of failures the endpoint is switched off)",
            },
          },
        },
      },
    ]),
  );
}

/**
 * Registers the document's collector. Call it on the root instance after `installAccess` and before
 * any route is added (it sees routes as they are added).
 */
export async function installApiDocument(app: FastifyInstance, opts: { publicUrl: string; version: string }) {
  // Documentation only: the handlers validate (see above). Answers are written as JSON.stringify would.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Car Mechanic API",
        version: opts.version,
        description:
          "Car tools sold in lots. Sign in in the shop and make a personal access token in Account settings, " +
          'then send it as `Authorization: Bearer <token>`. Money in answers is in dollars; errors are `{ "error": "…" }`. ' +
          "Lists are paged with `?page=&limit=` or the cursors of the `Link` header; the total is in `X-Total-Count`.",
      },
      servers: [{ url: opts.publicUrl }],
      // zod's JSON Schema (2020-12) is what OpenAPI 3.1 takes, though its type is not openapi-types'.
      webhooks: webhooksSection() as unknown as Record<string, OpenAPIV3_1.PathItemObject>,
      components: {
        securitySchemes: {
          sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
          accessToken: {
            type: "http",
            scheme: "bearer",
            description: `A personal access token (Account settings). Scopes: ${tokenScopes.join(", ")}.`,
          },
        },
      },
    },
    transform,
    // Routes without a schema stay out of the document; the completeness test names them.
    hideUntagged: false,
  });
}
