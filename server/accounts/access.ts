import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { type TokenScope, tokenMessages } from "../../contract/api-tokens";
import { forbidden, HttpError, unauthorized } from "../http/errors";
import type { TokenHolder } from "./api-tokens";
import type { SessionUser } from "./guards";

/**
 * Who may call a route, stated in its options, as Vendure's `@Allow(...)` on each operation:
 *
 *   app.get("/api/user", { config: { access: "admin" } }, async (request) => { … })
 *
 * - `public`: anyone; the session is not read (unless `readsSession`).
 * - `user`: signed in, else 401; the handler gets the user from `signedInUser(request)`.
 * - `admin`: signed in with the admin role, else 401 / 403.
 *
 * A request with `Authorization: Bearer <token>` (a personal access token, issue 29) is judged by the
 * token alone, on every route: the session cookie is not read at all. In this order:
 *   1. the token is wrong, revoked or expired: 401, whatever the route (public ones too);
 *   2. it counts against its account's per-minute limit (API_RATE_LIMIT): over it, 429 + Retry-After;
 *   3. a public route without a scope read with GET or HEAD (the API document, health): answered as
 *      to a visitor (`request.user` null, the session not read), so a client may send its token on
 *      every request;
 *   4. an `admin` route, or any other route without `config.scope` (a public write, such as the
 *      auth routes, which read the cookie themselves and skip the origin check for a Bearer): 403
 *      (never through a token, an admin's included); a scope the token lacks: 403 naming it;
 *   5. otherwise `request.user` is the token's user, on `user` routes and on public routes with a scope.
 * Routes that read the Authorization header as their own (`ownAuthorizationRoutes`) are left alone.
 *
 * Ownership (an order of another buyer answers 404) is not access: services check it in their queries.
 */
export type Access = "public" | "user" | "admin";

export const accessLevels: readonly Access[] = ["public", "user", "admin"];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call this route. Every route states it; the server refuses to start otherwise. */
    access?: Access;
    /** On a `user` or `admin` route: the 401's message, instead of "Please sign in first". */
    signInMessage?: string;
    /** On a `public` route: read who is signed in anyway (`request.user`, null for visitors). */
    readsSession?: boolean;
    /**
     * What a personal access token needs to call this route (contract/api-tokens.ts). A route without
     * a scope cannot be called with a token; an `admin` route never can.
     */
    scope?: TokenScope;
  }

  interface FastifyRequest {
    /** The signed-in user, set before the handler on `user` and `admin` routes (and `readsSession` ones). */
    user: SessionUser | null;
  }
}

/**
 * Routes that state no access, each named by method and URL: only routes a library registers with
 * options we cannot set. Everything else (health, uploads, sitemap, robots included) declares its own.
 */
export const undeclaredRoutes: readonly { methods: string; url: string; why: string }[] = [
  {
    methods: "GET,HEAD",
    url: "/*",
    why: "the built web app's files (@fastify/static, server/web/static.ts)",
  },
];

/** Routes whose `Authorization: Bearer` is their own secret, not an access token: GET /metrics (METRICS_TOKEN). */
export const ownAuthorizationRoutes: ReadonlySet<string> = new Set(["/metrics"]);

export type RouteAccess = {
  method: string;
  url: string;
  access: Access | "undeclared";
  readsSession?: true;
  scope?: TokenScope;
};

/** Methods that change nothing: a valid token may read a public route without a scope with them. */
const readOnlyMethods = new Set(["GET", "HEAD"]);

/** How the access hook checks personal access tokens (server/accounts/api-tokens.ts, the api-rate limiter). */
export type TokenCheck = {
  /** The token's user and scopes; undefined when it is wrong, revoked or expired. */
  authenticate(token: string): Promise<TokenHolder | undefined>;
  /** Counts one token request of the account: the seconds to wait when over its limit, else undefined. */
  countRequest(userId: string): Promise<number | undefined>;
};

/**
 * The token of an `Authorization: Bearer <token>` header ("" for a Bearer without one); undefined
 * when the request sends no Bearer (no header, or another scheme).
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

const declaredRoutes = new WeakMap<FastifyInstance, RouteAccess[]>();

/** "GET", or "GET,POST" for a route of several methods (in alphabetical order). */
const methodsOf = (route: RouteOptions) => [route.method].flat().sort().join(",");

function isUndeclaredRoute(route: RouteOptions): boolean {
  return undeclaredRoutes.some((r) => r.url === route.url && r.methods === methodsOf(route));
}

/**
 * Enforces every route's `access` in one place. Call it on the root instance before any route is
 * added: from then on, a route without a valid `access` makes the server refuse to start (the route's
 * method and URL in the error), and `user` / `admin` routes get a first preHandler that reads the
 * session and refuses, so the handler never runs for a caller the route does not allow.
 *
 * The check runs as a preHandler, after the body is parsed, as the guards at the top of each handler
 * did: a malformed body still answers 400 before a missing session (or a wrong token) answers 401.
 * Without `tokens`, a Bearer is refused as an invalid token.
 */
export function installAccess(
  app: FastifyInstance,
  readUser: (request: FastifyRequest) => Promise<SessionUser | undefined>,
  tokens?: TokenCheck,
): void {
  const routes: RouteAccess[] = [];
  declaredRoutes.set(app, routes);
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    const { access, signInMessage, readsSession, scope } = route.config ?? {};
    const method = methodsOf(route);
    if (access === undefined && isUndeclaredRoute(route)) {
      routes.push({ method, url: route.url, access: "undeclared" });
      return;
    }
    if (access === undefined || !accessLevels.includes(access)) {
      throw new Error(
        `${method} ${route.url} declares no access: add { config: { access: "public" | "user" | "admin" } } ` +
          "to its options (server/accounts/access.ts)",
      );
    }
    routes.push({
      method,
      url: route.url,
      access,
      ...(access === "public" && readsSession ? { readsSession } : {}),
      ...(scope ? { scope } : {}),
    });

    let sessionCheck: ((request: FastifyRequest) => Promise<void>) | undefined;
    if (access === "public") {
      if (readsSession) {
        sessionCheck = async (request) => {
          request.user = (await readUser(request)) ?? null;
        };
      }
    } else {
      sessionCheck = async (request) => {
        const user = await readUser(request);
        if (!user) throw unauthorized(signInMessage);
        if (access === "admin" && user.role !== "admin") throw forbidden("Only admins can do that");
        request.user = user;
      };
    }
    if (ownAuthorizationRoutes.has(route.url)) {
      if (sessionCheck) route.preHandler = [sessionCheck, ...[route.preHandler ?? []].flat()];
      return;
    }
    const tokenCheck = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const holder = token ? await tokens?.authenticate(token) : undefined;
      if (!holder) throw unauthorized(tokenMessages.invalid);
      const waitSeconds = await tokens?.countRequest(holder.user.id);
      if (waitSeconds !== undefined) {
        reply.header("retry-after", waitSeconds);
        throw new HttpError(429, tooManyTokenRequests(waitSeconds));
      }
      if (access === "public" && !scope && readOnlyMethods.has(request.method)) return;
      if (access === "admin" || !scope) throw forbidden(tokenMessages.notThroughToken);
      if (!holder.scopes.includes(scope)) throw forbidden(tokenMessages.missingScope(scope));
      request.user = holder.user;
    };
    // A callback: a request without a Bearer goes on at once (no promise) unless its session is read.
    const check = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const token = bearerToken(request);
      const pending =
        token !== undefined
          ? tokenCheck(request, reply, token)
          : sessionCheck
            ? sessionCheck(request)
            : undefined;
      if (!pending) return done();
      pending.then(() => done(), done);
    };
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
}

const tooManyTokenRequests = (seconds: number) =>
  `Too many requests with this account's access tokens: try again in ${seconds} second${seconds === 1 ? "" : "s"}`;

/**
 * The user a `user` or `admin` route runs for (its access hook has already refused everyone else).
 * Asked on a `public` route it is a bug in our code, so it fails loudly.
 */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) {
    throw new Error(`${request.method} ${request.routeOptions.url} is not a user or admin route`);
  }
  return request.user;
}

/**
 * Every route added to `app` since `installAccess` with its access, sorted by URL then method; a GET
 * route's automatic HEAD twin is left out (it has the GET route's access, and its own check).
 */
export function routeAccessTable(app: FastifyInstance): RouteAccess[] {
  const routes = declaredRoutes.get(app);
  if (!routes) throw new Error("installAccess was not called on this app");
  const isHeadTwin = (head: RouteAccess) =>
    head.method === "HEAD" &&
    routes.some((r) => r.url === head.url && r.access === head.access && r.method.split(",").includes("GET"));
  return routes
    .filter((r) => !isHeadTwin(r))
    .sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url < b.url ? -1 : 1));
}
