import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export type SecurityHeaderOptions = {
  /** PUBLIC_URL when it was set: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string | undefined;
  /** Stripe.js loads from Stripe's hosts and frames its card fields from them. */
  stripe: boolean;
  /** The OIDC discovery URL behind "Continue with Google": its users' pictures are shown. */
  identityProviderDiscoveryUrl: string | undefined;
  /**
   * `'sha256-…'` of each inline script of the page being served (index.html's). Asked on every
   * response, so it must be cheap, and answer the same array until the scripts change.
   */
  inlineScriptHashes: () => string[];
};

/** Stripe's CSP guide: Stripe.js, its API and fraud signals, its card and 3-D Secure frames. */
const stripeHosts = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com", "https://m.stripe.network"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
};

/** Where the identity provider's profile pictures come from: Google's host, or a stand-in issuer's origin. */
export function identityProviderPictureSources(discoveryUrl: string | undefined): string[] {
  if (!discoveryUrl || !URL.canParse(discoveryUrl)) return [];
  const { origin } = new URL(discoveryUrl);
  return origin === "https://accounts.google.com" ? ["https://*.googleusercontent.com"] : [origin];
}

/**
 * Features no page of the shop uses; `payment` only for Stripe.js (wallets), when it is configured.
 * Only features Chromium knows: an unknown one (`bluetooth`) is a console error on every page.
 */
export function permissionsPolicy(stripe: boolean): string {
  const none = [
    "accelerometer",
    "autoplay",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`);
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...none, payment].join(", ");
}

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/**
 * The headers helmet sets for these options, worked out once. helmet is Express-style middleware
 * that only calls setHeader/removeHeader on the response, so it runs here against a recorder.
 * (@fastify/helmet builds a new helmet middleware, CSP string included, on every request: that
 * cost more than half of a cached catalog read, so we call helmet ourselves: decision 010.)
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Security headers on every response, from helmet: a strict Content-Security-Policy (our own
 * scripts, index.html's inline ones by hash; no page may frame the shop), nosniff,
 * strict-origin-when-cross-origin referrers, X-Frame-Options DENY for old browsers, HSTS when the
 * shop's PUBLIC_URL is https; and a Permissions-Policy (which helmet does not set) beside them.
 * Set as the response leaves, each only where the route has not set its own (uploaded photos send
 * a stricter policy). Worked out again only when index.html's inline scripts change.
 */
export function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const https = options.publicUrl?.startsWith("https://") ?? false;
  const stripe = options.stripe;
  const pictures = identityProviderPictureSources(options.identityProviderDiscoveryUrl);
  const permissions = permissionsPolicy(stripe);
  const headersFor = (scriptHashes: string[]): [string, string][] => [
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", ...scriptHashes, ...(stripe ? stripeHosts.script : [])],
          "script-src-attr": ["'none'"],
          // React sets `style` props through the CSSOM (which CSP allows), but the toast library
          // inserts its stylesheet as a <style> element of its own when it loads.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", ...pictures],
          "font-src": ["'self'"],
          // blob: is the page's own photo previews (object URLs, same origin only), which Chromium
          // counts as a connection when they are read back (the browser tests' traces do).
          "connect-src": ["'self'", "blob:", ...(stripe ? stripeHosts.connect : [])],
          "frame-src": stripe ? stripeHosts.frame : ["'none'"],
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          ...(https ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      // Stripe's frames and the identity provider's pictures come from other origins.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: "same-origin" },
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    }),
    ["permissions-policy", permissions],
  ];

  let hashes = options.inlineScriptHashes();
  let headers = headersFor(hashes);
  app.addHook("onSend", (_request, reply, payload, done) => {
    // The same array until index.html's inline scripts change (a rebuild).
    const current = options.inlineScriptHashes();
    if (current !== hashes) {
      hashes = current;
      headers = headersFor(current);
    }
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
