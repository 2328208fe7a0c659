import type { FastifyInstance } from "fastify";
import { beforeAll } from "vitest";
import { type TestEnv, testOrigin } from "./test-env";

let userCounter = 0;

export type TestUser = { name: string; email: string; password: string; cookie: string };

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((c) => c.split(";")[0]).join("; ");
}

/** Signs a new user up through the real auth endpoint and returns their session cookie. */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<Omit<TestUser, "cookie">> = {},
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
  return { ...body, cookie: sessionCookie(res.headers["set-cookie"]) };
}

/** A signed-in admin: signs up with an email listed in ADMIN_EMAILS of the test's config. */
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
