import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll } from "vitest";
import { outbox } from "../mail/tables";
import { databaseOf, type TestEnv, testOrigin } from "./test-env";

let userCounter = 0;

export type TestUser = { name: string; email: string; password: string; cookie: string };

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((c) => c.split(";")[0]).join("; ");
}

/** The newest message of `kind` the outbox holds for `to`. */
export async function lastMail(app: FastifyInstance, to: string, kind: string) {
  const [mail] = await databaseOf(app)
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no ${kind} message to ${to} in the outbox`);
  return mail;
}

/** The first link in a message's text whose path starts with `pathStart`, as a path and query. */
export function linkIn(text: string, pathStart: string): string {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"\])]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathStart)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathStart} link in: ${text}`);
}

/** Opens the verification link the sign-up mailed to `email`, as its owner would. */
export async function verifyAddress(app: FastifyInstance, email: string): Promise<void> {
  const mail = await lastMail(app, email, "verify-email");
  const res = await app.inject({ method: "GET", url: linkIn(mail.text, "/api/auth/verify-email") });
  if (res.statusCode !== 302) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}

/**
 * Signs a new user up through the real auth endpoint and returns their session cookie. The address
 * is verified through the mailed link (as a user who finished signing up) unless `verified: false`.
 */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<Omit<TestUser, "cookie">> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const n = ++userCounter;
  const body = {
    name: `User ${n}`,
    email: `user${n}.${Date.now()}@example.com`,
    password: "correct-horse-1",
    ...fields,
  };
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: testOrigin },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  if (verified) await verifyAddress(app, body.email);
  return { ...body, cookie: sessionCookie(res.headers["set-cookie"]) };
}

/** A signed-in admin: signs up with an email listed in ADMIN_EMAILS of the test's config (and verifies it). */
export const adminEmail = "boss@carmechanic.example";

/**
 * Two users and an admin, signed up before the suite's tests (its ADMIN_EMAILS must list
 * adminEmail): who may call a route and who may not.
 */
export function usersAndAdmin(env: TestEnv) {
  const people = {
    user: undefined as unknown as TestUser,
    other: undefined as unknown as TestUser,
    admin: undefined as unknown as TestUser,
  };
  beforeAll(async () => {
    people.user = await signUp(env.app);
    people.other = await signUp(env.app);
    people.admin = await signUp(env.app, { email: adminEmail });
  });
  return people;
}
