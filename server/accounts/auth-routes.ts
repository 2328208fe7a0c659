import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { wrongCurrentPasswordMessage } from "../../contract/account-settings";
import type { AuthOptions } from "../../contract/accounts";
import { authOptionsAnswer, betterAuthError, noContent } from "../../contract/shop-answers";
import type { RateLimiter } from "../rate-limits/rate-limiter";
import type { AfterAnswer } from "./after-answer";
import { type Auth, clientIpHeader } from "./auth";
import { authFailures } from "./auth-errors";
import { withSignedInHint } from "./session-hint";
import {
  accountLockedMessage,
  isSignedInAs,
  signInAccount,
  signInPath,
  withAccountLimit,
} from "./sign-in-limit";

const hopHeaders = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "set-cookie",
]);

/**
 * Better Auth serves /api/auth/* (sign-up/email, sign-in/email, sign-out, get-session, sign-in/social,
 * callback/<provider>). Fastify hands it a fetch Request and copies the Response back, every
 * set-cookie included, with the signed-in hint beside the session cookie (session-hint.ts). Its error
 * bodies get our `{error}` beside its own `message`.
 */
export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    publicUrl: string;
    google: boolean;
    /** The identity provider's picture hosts (identityProviderPictureSources). */
    pictureSources: string[];
    /** Failed password sign-ins per account (accountSignInRule). */
    accountSignIns: RateLimiter;
    /** The work an endpoint leaves for after its answer (a reset link's), started once it is sent. */
    afterAnswer: AfterAnswer;
  },
) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    // Public: Better Auth checks its own sessions, per endpoint.
    config: { access: "public" },
    schema: {
      tags: ["Accounts"],
      summary:
        "Better Auth's endpoints: sign-up/email, sign-in/email, sign-out, get-session, change-password…",
      description:
        "Sessions are Better Auth's (https://www.better-auth.com/docs/concepts/api): `POST sign-up/email` " +
        "`{ name, email, password }`, `POST sign-in/email` `{ email, password }`, `POST sign-out`, " +
        "`GET get-session` (null when signed out), `POST change-password`, `POST change-email`, " +
        "`POST request-password-reset`, `POST reset-password`, `GET verify-email`, `POST sign-in/social`, " +
        "`GET callback/{provider}`. The session is the httpOnly cookie it sets (never the body). " +
        "Its errors carry our `error` beside its `message` and `code`. A script uses an access token instead.",
      params: z.object({ "*": z.string().describe("The Better Auth endpoint, e.g. sign-in/email") }),
      response: {
        200: z.unknown().describe("The endpoint's answer (Better Auth's)"),
        302: noContent(
          "To the identity provider, or back to the shop (sign-in/social, callback/{provider}, verify-email)",
        ),
        401: betterAuthError.describe("Wrong email or password, or not signed in"),
        403: betterAuthError.describe("Not allowed: e.g. the email address is not verified yet"),
        "4XX": betterAuthError.describe("Refused otherwise (Better Auth's status and code)"),
      },
    },
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      headers.set(clientIpHeader, request.ip);
      const hasBody = request.method !== "GET" && request.body !== undefined;
      // The URL as Better Auth parses it, so its path is the one its router matches.
      const url = new URL(request.url, deps.publicUrl);
      const failure: { error?: unknown } = {};
      const send = () =>
        authFailures.run(failure, () =>
          deps.auth.handler(
            new Request(url, {
              method: request.method,
              headers,
              body: hasBody ? JSON.stringify(request.body) : undefined,
            }),
          ),
        );

      const account =
        request.method === "POST" && url.pathname === signInPath ? signInAccount(request.body) : undefined;
      const { result: response, start } = await deps.afterAnswer.collect(async () =>
        account
          ? withAccountLimit(
              deps.accountSignIns,
              account,
              await isSignedInAs(deps.auth, headers, account),
              send,
            )
          : send(),
      );
      reply.raw.once("finish", start);
      reply.raw.once("close", start);
      if (!(response instanceof Response)) {
        reply.header("retry-after", response.waitSeconds);
        return reply.status(429).send({ error: accountLockedMessage(response.waitSeconds) });
      }

      // Its 500 for a failure of ours: the error handler answers it (503 when the database is away).
      if (response.status >= 500 && failure.error !== undefined) throw failure.error;
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (!hopHeaders.has(key)) reply.header(key, value);
      });
      const cookies = withSignedInHint(response.headers.getSetCookie());
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      const text = await response.text();
      if (response.status >= 400) return reply.send(withErrorField(text, response.status, url.pathname));
      return reply.send(withoutSessionToken(text));
    },
  });

  app.get(
    "/api/auth-options",
    {
      config: { access: "public" },
      schema: {
        tags: ["Accounts"],
        summary: "What the sign-in screens offer (Google, the identity provider's picture hosts)",
        response: { 200: authOptionsAnswer },
      },
    },
    async (): Promise<AuthOptions> => ({ google: deps.google, pictureSources: deps.pictureSources }),
  );
}

/** Better Auth's words replaced by ours where a person reads them: by endpoint and error code. */
const ourMessages: Record<string, Record<string, string>> = {
  "/api/auth/change-password": { INVALID_PASSWORD: wrongCurrentPasswordMessage },
};

function withErrorField(text: string, status: number, path: string): { error: string } {
  let body: { message?: string; code?: string } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: fall through to a generic message
  }
  const fallback =
    status === 429 ? "Too many attempts. Please wait a minute and try again." : "Request failed";
  const ours = body.code === undefined ? undefined : ourMessages[path]?.[body.code];
  if (ours !== undefined) body = { ...body, message: ours };
  return { ...body, error: status === 429 ? fallback : (body.message ?? fallback) };
}

/** The session lives in the httpOnly cookie only; sign-in and sign-up also echo its token in the body. */
function withoutSessionToken(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    const body = JSON.parse(text);
    if (body && typeof body === "object" && "token" in body) {
      delete body.token;
      return JSON.stringify(body);
    }
  } catch {
    // not JSON: leave as is
  }
  return text;
}
