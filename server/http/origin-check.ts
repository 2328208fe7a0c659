import type { FastifyInstance } from "fastify";
import { forbidden } from "./errors";

/** Methods that change nothing; every other method (POST, PUT, PATCH, DELETE, …) is a write. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The only routes that take writes from other sites, named by the router's own route (never by the
 * raw URL, which a client may percent-encode): servers call them, and they are verified by signature.
 */
export const crossSiteWriteRoutes: ReadonlySet<string> = new Set(["/api/webhooks/stripe"]);

export type OriginRule = {
  /** PUBLIC_URL's origin and TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  /**
   * Also trust the origin the request itself was made to (its Host, and its scheme): on when
   * PUBLIC_URL is not set, so the shop works at whatever address it is reached by (127.0.0.1, a LAN
   * address). With PUBLIC_URL set, only `trustedOrigins` are trusted.
   */
  sameHost: boolean;
  /** Behind a reverse proxy (TRUST_PROXY): the Host and scheme come from X-Forwarded-Host/-Proto. */
  trustProxy: boolean;
};

/** Reads one request header, whichever request type holds it (Fastify's or a fetch Request's). */
export type HeaderReader = (name: string) => string | string[] | null | undefined;

/** Proxies append: the last entry is the one our own proxy wrote (as Fastify reads them). */
function lastEntry(value: string | string[] | null | undefined): string | undefined {
  const text = Array.isArray(value) ? value.at(-1) : value;
  const last = text?.split(",").at(-1)?.trim();
  return last ? last : undefined;
}

/**
 * The origin a request was made to: `http://<Host>` (the shop listens on plain HTTP; TLS ends at a
 * proxy), or the proxy's X-Forwarded-Proto and X-Forwarded-Host when the proxy is trusted.
 */
export function requestOrigin(header: HeaderReader, trustProxy: boolean): string | undefined {
  const host = (trustProxy ? lastEntry(header("x-forwarded-host")) : undefined) ?? lastEntry(header("host"));
  const forwardedProto = trustProxy ? lastEntry(header("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = forwardedProto === "https" ? "https" : "http";
  // A Host with a path, user or query is no host a browser sends.
  if (!host || /[/?#@\\\s]/.test(host) || !URL.canParse(`${scheme}://${host}`)) return undefined;
  return new URL(`${scheme}://${host}`).origin;
}

const originOf = (value: string) => (URL.canParse(value) ? new URL(value).origin : value);

/**
 * The origins this request may write from: the configured ones, and (PUBLIC_URL unset) the
 * request's own. One rule for our check and for Better Auth's, so the two always agree.
 */
export function createOriginRule(rule: OriginRule) {
  const trusted = [...new Set(rule.trustedOrigins.map(originOf))];
  const trustedSet = new Set(trusted);
  const originsFor = (header: HeaderReader): string[] => {
    if (!rule.sameHost) return trusted;
    const own = requestOrigin(header, rule.trustProxy);
    return own && !trustedSet.has(own) ? [...trusted, own] : trusted;
  };
  return {
    originsFor,
    isTrusted: (origin: string, header: HeaderReader) => originsFor(header).includes(origin),
    /**
     * The origin links made in answer to this request point at (the account mail's): the address it
     * came in on when PUBLIC_URL is unset (sameHost), so the link opens where the visitor's cookies
     * are; undefined with PUBLIC_URL set, whose address alone is used (a Host header can be forged).
     */
    linkOrigin: (request?: Request): string | undefined =>
      rule.sameHost && request
        ? requestOrigin((name) => request.headers.get(name), rule.trustProxy)
        : undefined,
    /** For Better Auth's `trustedOrigins` option (it calls it once without a request at start-up). */
    forAuth: (request?: Request): string[] =>
      request ? originsFor((name) => request.headers.get(name)) : trusted,
  };
}

export type OriginCheck = ReturnType<typeof createOriginRule>;

/** `Authorization: Bearer …`, the scheme case-insensitive (as server/accounts/access.ts reads it). */
const sendsBearer = (authorization: string | undefined) =>
  authorization !== undefined && /^bearer(\s|$)/i.test(authorization.trim());

/**
 * Refuses writes that a browser made from another site (CSRF): the session cookie is SameSite=Lax,
 * which still sends it from another port of the same host, so every unsafe method, whatever its path
 * (as the router matched it, percent-encoded or not), needs an Origin we trust, or, without an
 * Origin, a Sec-Fetch-Site that is not cross-site. The auth routes too (Better Auth lets a
 * cookie-less sign-in through from anywhere). Only the named webhook routes are exempt, and requests
 * that send `Authorization: Bearer`: those act by the access token alone (the session cookie is not
 * read, server/accounts/access.ts), and a browser never adds a token on another site's behalf, so
 * there is no ambient credential for a cross-site page to ride on (decision 031). A wrong or empty
 * Bearer is then refused by the access hook (401), a cookie request without one keeps this check.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, check: OriginCheck) {
  // A callback hook: reads (most requests) leave at once, without a promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && crossSiteWriteRoutes.has(route)) return done();
    if (sendsBearer(request.headers.authorization)) return done();
    const origin = request.headers.origin;
    const header: HeaderReader = (name) => request.headers[name];
    if (origin ? !check.isTrusted(origin, header) : request.headers["sec-fetch-site"] === "cross-site") {
      return done(forbidden("Cross-site requests are not allowed"));
    }
    done();
  });
}
