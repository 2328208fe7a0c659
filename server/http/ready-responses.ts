import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  Server,
  ServerResponse,
} from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Headers every response writes for itself (or, during a drain, differently): never kept. */
const ownHeaders = new Set(["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"]);

/** A few URLs at most (routes offer only their address without a query), in up to three encodings. */
export const maxKept = 48;

/** The encoding a response is sent in for this Accept-Encoding: Brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | undefined {
  const accepted = String(acceptEncoding ?? "");
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * Which of a URL's answers a request gets: pages are sent compressed as the browser accepts
 * (server/web/static.ts, by preferredEncoding), so each encoding is an answer of its own.
 */
function keyOf(url: string, acceptEncoding: string | string[] | undefined): string {
  const encoding = preferredEncoding(acceptEncoding);
  return encoding ? `${url} ${encoding}` : url;
}

type Kept = { headers: OutgoingHttpHeaders; body: Buffer; expiresAt: number };

export type ReadyResponsesOptions = {
  /** How long a kept answer may be served without a `clear()` (a safety net, as the caches' own). */
  ttlMs: number;
  /** False once the server drains: its answers must then tell clients to close their connections. */
  isOpen: () => boolean;
  /** Each request's id, sent back in X-Request-Id as Fastify's answers send theirs (server/http/request-log.ts). */
  requestIdOf?: (req: IncomingMessage) => string;
  /** Called for each request answered from memory (metrics, the access line), with the time it took in seconds. */
  onServed?: (url: string, seconds: number, requestId: string) => void;
};

/**
 * What a route uses: `begin` before it reads what it sends (a `clear()` after that drops the answer),
 * then offer the body it sends, and `keep` the answer once every hook has run.
 */
export type ReadyResponsesPort = {
  begin(request: FastifyRequest): (body: Buffer) => void;
  keep(request: FastifyRequest, reply: FastifyReply): void;
};

/**
 * Whole answers to the hottest public GETs (the default tool list, read on every visit, and the
 * server-rendered public pages), kept as
 * bytes and written before Fastify sees the request: a cached page then costs what bare node:http
 * costs, where routing and hooks cost as much again (docs/decisions/021).
 *
 * The route offers the body it sends (`begin`, then the body); after Fastify has sent it, with the headers every
 * hook added, the answer is kept (`keep`, from the route's onResponse). `clear()` forgets them all
 * and drops an answer still being built (called on every change of what they show). Only plain
 * `GET <url>` requests are answered; anything else (a query, HEAD, another method, an Authorization
 * header, a drain) goes through Fastify as usual.
 */
export function createReadyResponses({ ttlMs, isOpen, requestIdOf, onServed }: ReadyResponsesOptions) {
  const kept = new Map<string, Kept>();
  const offered = new WeakMap<FastifyRequest, { body: Buffer; generation: number }>();
  let generation = 0;

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    // A request with an access token (Authorization) goes through the access hook: a wrong token is
    // a 401 and every token request counts against its account's limit (server/accounts/access.ts).
    if (req.method !== "GET" || req.url === undefined || req.headers.authorization !== undefined)
      return false;
    const key = keyOf(req.url, req.headers["accept-encoding"]);
    const ready = kept.get(key);
    if (ready === undefined || !isOpen()) return false;
    const startedAt = performance.now();
    if (ready.expiresAt < Date.now()) {
      kept.delete(key);
      return false;
    }
    const requestId = requestIdOf?.(req) ?? "";
    if (requestId) res.setHeader("x-request-id", requestId);
    res.writeHead(200, ready.headers);
    res.end(ready.body);
    onServed?.(req.url, (performance.now() - startedAt) / 1000, requestId);
    return true;
  }

  return {
    begin(request: FastifyRequest): (body: Buffer) => void {
      const startedIn = generation;
      return (body) => offered.set(request, { body, generation: startedIn });
    },

    keep(request: FastifyRequest, reply: FastifyReply): void {
      const offer = offered.get(request);
      if (offer === undefined || offer.generation !== generation || !isOpen()) return;
      if (reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return;
      const key = keyOf(request.url, request.headers["accept-encoding"]);
      if (!kept.has(key) && kept.size >= maxKept) return;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !ownHeaders.has(name)) headers[name] = value;
      }
      headers["content-length"] = offer.body.length;
      kept.set(key, { headers, body: offer.body, expiresAt: Date.now() + ttlMs });
    },

    clear(): void {
      generation++;
      kept.clear();
    },

    /**
     * Puts the kept answers in front of Fastify on the server Fastify built: its timeouts and
     * limits stay the ones Fastify gives its own server, whatever its version sets.
     */
    answerFirst(server: Server): void {
      const handlers = server.listeners("request") as RequestListener[];
      server.removeAllListeners("request");
      server.on("request", (req: IncomingMessage, res: ServerResponse) => {
        if (serve(req, res)) return;
        for (const handler of handlers) handler(req, res);
      });
    },
  };
}

export type ReadyResponses = ReturnType<typeof createReadyResponses>;

/** A route's onResponse hook that keeps its answer (when it offered one) in `ready`. */
export function keepAnswers(ready: ReadyResponsesPort | undefined) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    ready?.keep(request, reply);
    done();
  };
}
