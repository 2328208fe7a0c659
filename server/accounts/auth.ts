import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import type { z } from "zod";
import { accountUpdateSchema, signUpRequestSchema } from "../../contract/accounts";
import type { Db } from "../db/database";
import { describeZodError } from "../http/errors";
import type { AuthRateLimitStorage } from "../rate-limits/rate-limits";
import { account, session, user, verification } from "./tables";

/** The provider id the "Continue with Google" button signs in with (Google itself or any OIDC stand-in). */
export const googleProviderId = "google";

/** The header our Fastify mount sets to the client's address; whatever a client sends in it is replaced. */
export const clientIpHeader = "x-car-mechanic-client-ip";

export type OidcConfig = { discoveryUrl: string; clientId: string; clientSecret: string };

export type AuthConfig = {
  db: Db;
  secret: string;
  publicUrl: string;
  /**
   * The origins allowed to post to the auth endpoints, per request: publicUrl's and any extra (e.g.
   * the Vite dev server), and the request's own when PUBLIC_URL is unset (server/http/origin-check.ts).
   */
  trustedOrigins: (request?: Request) => string[];
  google?: OidcConfig;
  adminEmails: string[];
  /** Sign-in and sign-up attempts allowed per client address and minute. */
  signInAttemptsPerMinute: number;
  /** Where the attempts are counted: shared through Redis (REDIS_URL); undefined is this process's memory. */
  rateLimitStorage?: AuthRateLimitStorage;
};

export function createAuth(config: AuthConfig) {
  const adminEmails = new Set(config.adminEmails.map((e) => e.toLowerCase()));
  const attempts = config.signInAttemptsPerMinute;
  // The endpoints where a user sets their own name or picture (OAuth sign-in sets the provider's).
  const accountRules = new Map<string, z.ZodType<{ name?: string }>>([
    ["/sign-up/email", signUpRequestSchema(config.publicUrl)],
    ["/update-user", accountUpdateSchema(config.publicUrl)],
  ]);
  return betterAuth({
    appName: "Car Mechanic",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(config.db, { provider: "pg", schema: { user, session, account, verification } }),
    telemetry: { enabled: false },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    user: {
      additionalFields: {
        // Read by the client, never written by it: `input: false` drops it from every request body.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      // Better Auth's memory store unless a custom storage (Redis, shared by every server) is given.
      storage: "memory",
      customStorage: config.rateLimitStorage,
      customRules: {
        "/sign-in/email": { window: 60, max: attempts },
        "/sign-up/email": { window: 60, max: attempts },
        "/sign-in/social": { window: 60, max: attempts },
        // Every page load asks for the session; many users behind one office address must not hit a limit.
        "/get-session": false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Its own Origin and callbackURL checks, with our trustedOrigins: on in the tests too (it
      // turns them off under NODE_ENV=test), so the tests see what production does.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({
            data: { ...data, role: adminEmails.has(String(data.email).toLowerCase()) ? "admin" : "user" },
          }),
        },
      },
    },
    hooks: {
      // The spec's sign-up rules, checked on the server with the form's own schema, and the same
      // rules for every later change of name or picture. The trimmed name is the one stored.
      before: createAuthMiddleware(async (ctx) => {
        const schema = accountRules.get(ctx.path);
        if (!schema) return;
        const parsed = schema.safeParse(ctx.body);
        if (!parsed.success) throw new APIError("BAD_REQUEST", { message: describeZodError(parsed.error) });
        if (parsed.data.name !== undefined)
          return { context: { body: { ...ctx.body, name: parsed.data.name } } };
      }),
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: googleProviderId,
                discoveryUrl: config.google.discoveryUrl,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
