import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import type { Auth } from "./auth";
import { session, user } from "./tables";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  image: string | null;
  /** The address was proved: the verification link opened, or the identity provider said so. */
  emailVerified?: boolean;
};

/** Better Auth's signed cookie value `<token>.<base64 HMAC-SHA256 of the token>`: the token, if the signature holds. */
function verifiedToken(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

/**
 * Reads who is signed in from the session cookie. Routes do not call it: each states its access
 * (server/accounts/access.ts), whose hook calls this before the handler runs.
 *
 * One query reads the session and its user (Better Auth's own `getSession` reads them one after
 * the other, behind a request of its own); it runs on every request, so a session signed out or
 * revoked fails on its next request. Better Auth still does the rest: a session due for its daily
 * refresh, or one kept only for the browser's session ("remember me" off), is read through
 * `getSession`, which also moves its expiry.
 */
export function createSessionReader(auth: Auth, { db, secret }: { db: Db; secret: string }) {
  const readSession = db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      image: user.image,
      emailVerified: user.emailVerified,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("current_session_user");
  const cookies = auth.$context.then(({ authCookies, sessionConfig }) => ({
    sessionToken: authCookies.sessionToken.name,
    dontRemember: authCookies.dontRememberToken.name,
    refreshDueMs: (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000,
  }));

  async function throughBetterAuth(request: FastifyRequest): Promise<SessionUser | undefined> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return found ? sessionUser(found.user) : undefined;
  }

  return async function currentUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    const header = request.headers.cookie;
    if (header === undefined) return undefined;
    const names = await cookies;
    const parsed = parseCookies(header);
    const signed = parsed.get(names.sessionToken);
    const token = signed === undefined ? undefined : verifiedToken(signed, secret);
    if (token === undefined) return undefined;
    const [found] = await readSession.execute({ token });
    if (!found || found.expiresAt.getTime() <= Date.now()) return undefined;
    // Better Auth's refresh rule: the expiry is moved once `updateAge` has passed since the last move.
    const refreshDue = found.expiresAt.getTime() - names.refreshDueMs <= Date.now();
    if (refreshDue || parsed.has(names.dontRemember)) return throughBetterAuth(request);
    return sessionUser(found);
  };
}

type UserRow = {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  image?: string | null;
  emailVerified: boolean;
};

function sessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === "admin" ? "admin" : "user",
    image: u.image ?? null,
    emailVerified: u.emailVerified,
  };
}
