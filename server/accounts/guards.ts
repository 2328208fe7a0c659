import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/errors";
import type { Auth } from "./auth";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  image: string | null;
};

/** Who may call a route, read from the session cookie. Each route states its own rule. */
export function createGuards(auth: Auth) {
  async function currentUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return undefined;
    const u = found.user;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === "admin" ? "admin" : "user",
      image: u.image ?? null,
    };
  }

  /** The signed-in user; a 401 (with `message`, "Please sign in first" unless given) otherwise. */
  async function requireUser(request: FastifyRequest, message?: string): Promise<SessionUser> {
    const user = await currentUser(request);
    if (!user) throw unauthorized(message);
    return user;
  }

  async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
    const user = await requireUser(request);
    if (user.role !== "admin") throw forbidden("Only admins can do that");
    return user;
  }

  return { currentUser, requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;
