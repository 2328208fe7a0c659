import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createReadyResponses, maxKept, type ReadyResponses } from "./ready-responses";

/** A server like the shop's: one route that offers its answer, a hook adding a header to every answer. */
/** One more address than are kept. */
const listUrls = ["/list", ...Array.from({ length: maxKept }, (_, i) => `/list/${i}`)];

async function listeningApp(
  options: { ttlMs?: number; cookie?: boolean; changeWhileSending?: boolean } = {},
) {
  const state = { open: true, handled: 0, body: "first", served: [] as string[] };
  const ready: ReadyResponses = createReadyResponses({
    ttlMs: options.ttlMs ?? 60_000,
    isOpen: () => state.open,
    onServed: (url) => state.served.push(url),
  });
  const app = Fastify({ keepAliveTimeout: 1234 });
  ready.answerFirst(app.server);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("x-frame-options", "DENY");
    if (!state.open) reply.header("connection", "close");
    return payload;
  });
  for (const url of listUrls) {
    app.get(
      url,
      {
        onResponse: (request, reply, done) => {
          ready.keep(request, reply);
          done();
        },
      },
      async (request, reply) => {
        const offer = ready.begin(request);
        state.handled++;
        if (options.changeWhileSending) ready.clear(); // a change lands after the route read its data
        const body = Buffer.from(JSON.stringify({ body: state.body }));
        if (options.cookie) reply.header("set-cookie", "session=1");
        offer(body);
        return reply
          .header("content-type", "application/json; charset=utf-8")
          .header("x-total-count", 1)
          .send(body);
      },
    );
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { app, ready, state, base };
}

const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== "date"));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("ready responses: the hottest public GET answered before Fastify", () => {
  it("answers the second request from memory with the same status, headers and body", async () => {
    const shop = await listeningApp();
    app = shop.app;
    const first = await fetch(`${shop.base}/list`);
    const second = await fetch(`${shop.base}/list`);
    expect(shop.state.handled).toBe(1);
    expect(shop.state.served).toEqual(["/list"]);
    expect(second.status).toBe(200);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(await second.text()).toBe(await first.text());
    // The server keeps Fastify's timeouts.
    expect(shop.app.server.keepAliveTimeout).toBe(1234);
  });

  it("keeps the timeouts and limits Fastify gives the server it builds", async () => {
    const options = {
      keepAliveTimeout: 4321,
      requestTimeout: 9000,
      connectionTimeout: 7000,
      maxRequestsPerSocket: 5,
    };
    const plain = Fastify(options);
    const shop = Fastify(options);
    createReadyResponses({ ttlMs: 1000, isOpen: () => true }).answerFirst(shop.server);
    const limitsOf = (server: typeof plain.server) => ({
      keepAliveTimeout: server.keepAliveTimeout,
      requestTimeout: server.requestTimeout,
      headersTimeout: server.headersTimeout,
      timeout: server.timeout,
      maxRequestsPerSocket: server.maxRequestsPerSocket,
    });
    expect(limitsOf(shop.server)).toEqual(limitsOf(plain.server));
    expect(limitsOf(shop.server)).toMatchObject({
      keepAliveTimeout: shop.initialConfig.keepAliveTimeout,
      timeout: shop.initialConfig.connectionTimeout,
      maxRequestsPerSocket: 5,
    });
    await Promise.all([plain.close(), shop.close()]);
  });

  it("after clear() the next request goes through the route and shows what changed", async () => {
    const shop = await listeningApp();
    app = shop.app;
    await fetch(`${shop.base}/list`);
    shop.state.body = "changed";
    shop.ready.clear();
    expect(await (await fetch(`${shop.base}/list`)).json()).toEqual({ body: "changed" });
    expect(await (await fetch(`${shop.base}/list`)).json()).toEqual({ body: "changed" });
    expect(shop.state.handled).toBe(2);
  });

  it("never keeps an answer read before a clear() that came while it was being sent", async () => {
    const shop = await listeningApp({ changeWhileSending: true });
    app = shop.app;
    await fetch(`${shop.base}/list`);
    await fetch(`${shop.base}/list`);
    expect(shop.state.handled).toBe(2);
  });

  it("leaves a query, HEAD, answers with a cookie, a drain and an expired answer to Fastify", async () => {
    const shop = await listeningApp({ ttlMs: 30 });
    app = shop.app;
    await fetch(`${shop.base}/list`);
    await fetch(`${shop.base}/list?page=1`);
    await fetch(`${shop.base}/list`, { method: "HEAD" });
    expect(shop.state.handled).toBe(3);
    // An access token is checked (and counted) by the access hook: never answered from memory.
    await fetch(`${shop.base}/list`, { headers: { authorization: "Bearer cmt_any" } });
    expect(shop.state.handled).toBe(4);

    await new Promise((resolve) => setTimeout(resolve, 50));
    await fetch(`${shop.base}/list`);
    expect(shop.state.handled).toBe(5);

    shop.ready.clear();
    shop.state.open = false;
    const draining = await fetch(`${shop.base}/list`);
    expect(draining.headers.get("connection")).toBe("close");
    expect(shop.state.handled).toBe(6);
    shop.state.open = true;
    await fetch(`${shop.base}/list`);
    expect(shop.state.handled).toBe(7); // an answer sent during the drain is not kept either

    const withCookie = await listeningApp({ cookie: true });
    try {
      await fetch(`${withCookie.base}/list`);
      await fetch(`${withCookie.base}/list`);
      expect(withCookie.state.handled).toBe(2);
    } finally {
      await withCookie.app.close();
    }
  });

  it("keeps one answer per accepted encoding: a page sent as Brotli never reaches a client without it", async () => {
    const shop = await listeningApp();
    app = shop.app;
    const get = (encoding: string) =>
      fetch(`${shop.base}/list`, { headers: { "accept-encoding": encoding } });
    await get("identity");
    await get("identity");
    expect(shop.state.handled).toBe(1);
    await get("gzip, deflate, br");
    expect(shop.state.handled).toBe(2); // not the plain answer
    await get("br");
    await get("gzip");
    expect(shop.state.handled).toBe(3); // "br" is the first one's; gzip its own
    await get("gzip");
    expect(shop.state.handled).toBe(3);
  });

  it("keeps a few addresses at most", async () => {
    const shop = await listeningApp();
    app = shop.app;
    const urls = listUrls;
    for (const url of urls) await fetch(`${shop.base}${url}`);
    for (const url of urls) await fetch(`${shop.base}${url}`);
    expect(shop.state.handled).toBe(urls.length + 1); // the last is never kept
  });
});
