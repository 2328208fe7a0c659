import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "#server/config";

/** The header a request's id comes in (from a trusted proxy) and goes back out in. */
export const requestIdHeader = "x-request-id";

/** An id a proxy may hand us: visible ASCII, no spaces (nginx's $request_id is 32 hex digits). */
const acceptableId = /^[\x21-\x7e]{1,128}$/;

/** Whether a connection's peer is one of the proxies TRUST_PROXY names (server/config.ts). */
export function trustedPeer(trustProxy: Config["trustProxy"]): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === "function") return (address) => trustProxy(address, 0);
  const proxies = new BlockList();
  const family = (ip: string) => (isIP(ip) === 6 ? "ipv6" : "ipv4");
  for (const entry of trustProxy) {
    const [ip = "", bits] = entry.split("/");
    if (bits === undefined) proxies.addAddress(ip, family(ip));
    else proxies.addSubnet(ip, Number(bits), family(ip));
  }
  // BlockList also matches an IPv4 rule against its IPv4-mapped IPv6 form (::ffff:127.0.0.1).
  return (address) => isIP(address) !== 0 && proxies.check(address, family(address));
}

/**
 * Each request's id: the `X-Request-Id` a trusted proxy sent (so its log and ours name the request
 * alike), else a new UUID. A client's own header is never taken when it reaches us directly.
 */
export function requestIds(trustProxy: Config["trustProxy"]): (req: IncomingMessage) => string {
  const isTrusted = trustedPeer(trustProxy);
  return (req) => {
    const sent = req.headers[requestIdHeader];
    if (typeof sent === "string" && acceptableId.test(sent) && isTrusted(req.socket.remoteAddress ?? "")) {
      return sent;
    }
    return randomUUID();
  };
}

type Serving = { reqId: string; open: boolean };
const serving = new AsyncLocalStorage<Serving>();
const servingOf = new WeakMap<FastifyRequest, Serving>();

/**
 * The logger's `mixin`: every line written while a request is served carries its id, whichever
 * logger writes it (`request.log`, or `app.log` in a service the request called). Lines of work the
 * request left behind (a timer, the mail sender woken) after its answer carry none.
 */
export function requestLogFields(): { reqId?: string } {
  const current = serving.getStore();
  return current?.open ? { reqId: current.reqId } : {};
}

export type AccessLine = { reqId: string; method: string; route: string; status: number; ms: number };

/**
 * The one line a request leaves at `info`: method, the route's pattern (never the URL, whose query
 * or path may hold a token or an email), status and milliseconds.
 */
export function logAccess(log: FastifyBaseLogger, line: AccessLine): void {
  log.info({ ...line, ms: Math.round(line.ms * 10) / 10 }, "answered");
}

/**
 * Sends each request's id back in `X-Request-Id`, serves it inside its id's context (set again after
 * the body is read: a body's stream events run outside it), and writes its access line.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    const context = { reqId: request.id, open: true };
    servingOf.set(request, context);
    serving.run(context, done);
  });
  app.addHook("preValidation", (request, _reply, done) => {
    const context = servingOf.get(request);
    if (context) serving.run(context, done);
    else done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    logAccess(request.log, {
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: reply.statusCode,
      ms: reply.elapsedTime,
    });
    const context = servingOf.get(request);
    if (context) context.open = false;
    done();
  });
}
