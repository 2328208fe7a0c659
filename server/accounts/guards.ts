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
 */
export function createSessionReader(auth: Auth) {
  return async function currentUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return undefined;
    const u = found.user;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === "admin" ? "admin" : "user",
      image: u.image ?? null,
      emailVerified: u.emailVerified,
    };
  };
}
