import type { FastifyInstance } from "fastify";
import { forbidden } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API calls that a browser made from another site (CSRF): the session
 * cookie is SameSite=Lax, and this checks the Origin (or Sec-Fetch-Site) on top, for the auth routes
 * too (Better Auth lets a cookie-less sign-in through from anywhere). Payment webhooks come from
 * servers and are verified by signature instead.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith("/api/") || url.startsWith("/api/webhooks/")) return;
    const origin = request.headers.origin;
    if (origin ? !trusted.has(origin) : request.headers["sec-fetch-site"] === "cross-site") {
      throw forbidden("Cross-site requests are not allowed");
    }
  });
}
