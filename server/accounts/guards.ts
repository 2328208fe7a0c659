import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  image: string | null;
  /** The address was proved: the verification link opened, or the identity provider said so. */
  emailVerified?: boolean;
};

/**
 * Reads who is signed in from the session cookie. Routes do not call it: each states its access
 * (server/accounts/access.ts), whose hook calls this before the handler runs.
 *
 * Better Auth's own `getSession` checks the cookie's signature and reads the session with its user
 * in one query (a statement prepared once, server/accounts/session-by-token.ts); no cookie cache
 * (none is configured, and `disableCookieCache` keeps it so), so the database is asked on every
 * request and a session signed out or revoked fails on its next request. It also moves a session's
 * expiry once a day of use.
 */
export function createSessionReader(auth: Auth) {
  return async function currentUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    // No cookie, no session: the anonymous requests cost nothing.
    if (request.headers.cookie === undefined) return undefined;
    const found = await auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      query: { disableCookieCache: true },
    });
    return found ? sessionUser(found.user) : undefined;
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

export function sessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === "admin" ? "admin" : "user",
    image: u.image ?? null,
    emailVerified: u.emailVerified,
  };
}
