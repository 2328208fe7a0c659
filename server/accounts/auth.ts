import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
// The one plugin's own entry: "better-auth/plugins" loads every plugin (a tenth of a second per start).
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { changeEmailSchema, changePasswordRequestSchema } from "../../contract/account-settings";
import { accountUpdateSchema, signUpRequestSchema } from "../../contract/accounts";
import { passwordResetRequestSchema, resetPasswordRequestSchema } from "../../contract/password-reset";
import type { Db } from "../db/database";
import { describeZodError } from "../http/errors";
import { enqueueMail } from "../mail/outbox";
import type { AuthRateLimitStorage } from "../rate-limits/rate-limits";
import { passwordResetMail, verifyEmailMail } from "./account-mail";
import type { AfterAnswer } from "./after-answer";
import { keepAuthFailure, logAuthMessage } from "./auth-errors";
import { changeEmailMail } from "./change-email-mail";
import { withSessionByToken } from "./session-by-token";
import { account, session, user, verification } from "./tables";

/** The provider id the "Continue with Google" button signs in with (Google itself or any OIDC stand-in). */
export const googleProviderId = "google";

/** The header our Fastify mount sets to the client's address; whatever a client sends in it is replaced. */
export const clientIpHeader = "x-car-mechanic-client-ip";

/** The account messages Better Auth asks for, each with its one-time link. */
export type AccountLink = {
  kind: "password-reset" | "verify-email" | "change-email";
  email: string;
  url: string;
};

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
  /**
   * The shop's address for the links mailed in answer to a request (origin-check.ts's linkOrigin):
   * undefined keeps publicUrl.
   */
  linkOrigin?: (request?: Request) => string | undefined;
  /** Told of each link mailed (after it is in the outbox): the server log prints it when no SMTP_URL is set. */
  onAccountLink?: (link: AccountLink) => void;
  /** After every change of a user row (a confirmed new address among them): the profile follows it. */
  onUserUpdated?: (updated: { id: string; email: string }) => Promise<void>;
  /** Where a request for a reset link does its work after answering (the server's close waits for it). */
  afterAnswer: AfterAnswer;
};

/** Better Auth's one answer to a request for a reset link, whether the address has an account or not. */
export const passwordResetAnswer = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

export function createAuth(config: AuthConfig) {
  const adminEmails = new Set(config.adminEmails.map((e) => e.toLowerCase()));
  const attempts = config.signInAttemptsPerMinute;
  // ADMIN_EMAILS gives admin rights to an address its owner has proved (verification link, or an
  // identity provider saying email_verified), never to whoever signs up with it first.
  const isAdminAddress = (u: { email?: unknown; emailVerified?: unknown }) =>
    u.emailVerified === true && adminEmails.has(String(u.email).toLowerCase());
  // Better Auth makes its links at publicUrl; they move to the address the request came in on.
  // A reset link is made after the answer, without the request: the address it came in on goes along.
  const deferredShopUrl = new AsyncLocalStorage<string>();
  const shopUrlFor = (request?: Request) =>
    config.linkOrigin?.(request) ?? deferredShopUrl.getStore() ?? config.publicUrl;
  const atShop = (url: string, shopUrl: string) =>
    url.startsWith(config.publicUrl) ? shopUrl + url.slice(config.publicUrl.length) : url;
  async function mailLink(link: AccountLink, mail: { subject: string; html: string; text: string }) {
    await enqueueMail(config.db, { kind: link.kind, to: link.email, ...mail });
    config.onAccountLink?.(link);
  }
  // The endpoints where a user sets their own name or picture (OAuth sign-in sets the provider's),
  // and the new password of a reset: the spec's rules and messages.
  const accountRules = new Map<
    string,
    z.ZodType<{ name?: string } | { newPassword: string } | { newEmail: string } | { email: string }>
  >([
    ["/request-password-reset", passwordResetRequestSchema],
    ["/sign-up/email", signUpRequestSchema(config.publicUrl)],
    ["/update-user", accountUpdateSchema(config.publicUrl)],
    ["/reset-password", resetPasswordRequestSchema],
    ["/change-password", changePasswordRequestSchema],
    ["/change-email", changeEmailSchema],
  ]);
  const auth = betterAuth({
    appName: "Car Mechanic",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database: withSessionByToken(
      config.db,
      drizzleAdapter(config.db, { provider: "pg", schema: { user, session, account, verification } }),
    ),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url: madeUrl }, request) => {
        const shopUrl = shopUrlFor(request);
        const url = atShop(madeUrl, shopUrl);
        const mail = await passwordResetMail({ name: u.name, url, shopUrl });
        await mailLink({ kind: "password-reset", email: u.email, url }, mail);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A link proves an address, never who is at the keyboard: opening one signs nobody in, so
      // someone's own link sent to another person cannot put that person in their account (decision 024).
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: u, url: madeUrl }, request) => {
        const shopUrl = shopUrlFor(request);
        const url = atShop(madeUrl, shopUrl);
        // A change of email sends the new address here too (Better Auth's user.changeEmail): the
        // stored row still has the old one until the link is opened.
        const [stored] = await config.db.select({ email: user.email }).from(user).where(eq(user.id, u.id));
        if (stored && stored.email !== u.email) {
          const mail = await changeEmailMail({
            name: u.name,
            newEmail: u.email,
            url,
            shopUrl,
          });
          return mailLink({ kind: "change-email", email: u.email, url }, mail);
        }
        const mail = await verifyEmailMail({ name: u.name, url, shopUrl });
        await mailLink({ kind: "verify-email", email: u.email, url }, mail);
      },
    },
    user: {
      // Confirmed through a link to the new address (sendVerificationEmail); no other way.
      changeEmail: { enabled: true },
      additionalFields: {
        // Read by the client, never written by it: `input: false` drops it from every request body.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // The error behind one of its 500s goes to the route (auth-routes.ts), which logs it or, for a
    // database that is away, answers 503 with Retry-After.
    onAPIError: { onError: keepAuthFailure },
    logger: { log: logAuthMessage },
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
        "/request-password-reset": { window: 60, max: attempts },
        // The dashboard's "send again": a few a minute, nobody's mailbox flooded.
        "/send-verification-email": { window: 60, max: 3 },
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
      // A session and its user in one query (the Drizzle adapter's relational query, with the
      // relations of ./tables.ts's authSchema; the session by its token, which the session reader,
      // guards.ts, reads on every request, through the statement of ./session-by-token.ts).
      database: { joins: true },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data) => ({ data: { ...data, role: isAdminAddress(data) ? "admin" : "user" } }),
        },
        // The address was verified (the link, a provider's account linked) or changed to a verified one.
        update: {
          // A change of email is taken only through the link mailed to the new address (Better Auth's
          // /verify-email), which proves that address whatever the old one's state (decision 024).
          before: async (data, ctx) =>
            ctx?.path === "/verify-email" && typeof data.email === "string"
              ? { data: { ...data, emailVerified: true } }
              : undefined,
          after: async (updated) => {
            if (updated) await config.onUserUpdated?.(updated);
            if (updated && isAdminAddress(updated) && updated.role !== "admin") {
              await config.db.update(user).set({ role: "admin" }).where(eq(user.id, updated.id));
            }
          },
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
        // A request for a reset link (from a client: `ctx.request`) answers at once, the same for every
        // address; Better Auth's own endpoint then looks the address up, makes the token and queues
        // the mail, called directly (no request, so not deferred again). The answer's time tells
        // nobody whether the address has an account (issue 22).
        if (ctx.path === "/request-password-reset" && ctx.request) {
          const { body, headers } = ctx;
          const shopUrl = shopUrlFor(ctx.request);
          config.afterAnswer.run(() =>
            deferredShopUrl.run(shopUrl, () => auth.api.requestPasswordReset({ body, headers })),
          );
          return ctx.json(passwordResetAnswer);
        }
        if ("name" in parsed.data && parsed.data.name !== undefined)
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
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
