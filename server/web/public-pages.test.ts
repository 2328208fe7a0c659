import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toolListChannel } from "../catalog/list-changes";
import { payOrder } from "../orders/order-test-helpers";
import { reviews } from "../reviews/tables";
import { insertOrder, insertTool } from "../test/factories";
import { call } from "../test/requests";
import { signUp } from "../test/sessions";
import { describeEachDatabase, type TestEnv, testOrigin } from "../test/test-env";
import { pageAddress, queryRenderBudget } from "./public-pages";

// The real page renderer (web/src/entry-server.tsx, built as `npm run build` builds it) in the real
// app on each database: what the server sends for a public page, and when it stops sending it.
const root = path.resolve(import.meta.dirname, "../..");
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-pages-web-"));
const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), "cm-pages-ssr-"));

beforeAll(() => {
  // The source index.html has the marks the server renders into; its scripts are not run here.
  fs.copyFileSync(path.join(root, "web/index.html"), path.join(distDir, "index.html"));
  const build = spawnSync(
    "npx",
    ["vite", "build", "--config", "vite.ssr.config.ts", "--outDir", rendererDir, "--emptyOutDir"],
    // As `npm run build` builds it: Vitest's NODE_ENV=test would make a development build.
    { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error(`building the page renderer failed:\n${build.stderr}`);
}, 120_000);
afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

// The promise: a change shows within a second (the servers' LISTEN); the pages are kept until then.
const withinASecond = { timeout: 1_000, interval: 50 };

async function page(app: FastifyInstance, url: string, acceptEncoding = "identity") {
  const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": acceptEncoding } });
  return {
    status: response.statusCode,
    headers: response.headers,
    html: response.body,
    raw: response.rawPayload,
  };
}

/** The data the page carries for the app that hydrates it. */
function pageData(html: string): {
  queries: { queryKey: unknown[]; data: unknown }[];
} {
  const json = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("the page carries no data");
  return JSON.parse(json);
}

/** Public pages the server has rendered so far, as its /metrics counts them. */
async function rendersSoFar(app: FastifyInstance, outcome: "rendered" | "declined" = "rendered") {
  const text = (await app.inject({ method: "GET", url: "/metrics" })).body;
  const series = `shop_page_renders_total{outcome="${outcome}"} `;
  const line = text.split("\n").find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

/** The home page's card of the review that says `text`: its words, name and badge. */
function reviewCard(html: string, text: string): string {
  const start = html.indexOf(text);
  if (start < 0) throw new Error(`the page shows no review saying "${text}"`);
  return html.slice(start, html.indexOf("</figure>", start));
}

/**
 * Listens, on a connection of its own, to the channel that drops the servers' kept pages and to
 * `markerChannel`: `sent()` is what came on the former before the marker `mark()` sends after
 * everything committed so far (one queue, delivered in commit order).
 */
async function pageDropSignals(env: TestEnv) {
  const markerChannel = "test_pages_marker";
  const heard: string[] = [];
  let markerHeard: () => void = () => {};
  const onNotification = (channel: string) => {
    if (channel === markerChannel) markerHeard();
    else heard.push(channel);
  };
  let stop: () => Promise<void>;
  if (env.kind === "pglite") {
    const client = (env.db as unknown as { $client: PGlite }).$client;
    const unlisten = await Promise.all(
      [toolListChannel, markerChannel].map((channel) =>
        client.listen(channel, () => onNotification(channel)),
      ),
    );
    stop = async () => {
      for (const off of unlisten) await off();
    };
  } else {
    const client = new pg.Client((env.db as unknown as { $client: pg.Pool }).$client.options);
    await client.connect();
    client.on("notification", (message) => onNotification(message.channel));
    await client.query(`listen ${toolListChannel}; listen ${markerChannel}`);
    stop = () => client.end();
  }
  return {
    async sentBeforeMarker(): Promise<string[]> {
      const marker = new Promise<void>((resolve) => {
        markerHeard = resolve;
      });
      await env.db.execute(sql`select pg_notify(${markerChannel}, '')`);
      await marker;
      return [...heard];
    },
    stop,
  };
}

it("renders and keeps a page under its path and only the query it reads", () => {
  expect(pageAddress("/tools?utm_source=mail&sort=-price&page=2&q=wrench&x=1")).toBe(
    "/tools?page=2&q=wrench&sort=-price",
  );
  expect(pageAddress("/tools?orderable=true")).toBe("/tools?orderable=true");
  expect(pageAddress("/about?ref=ad")).toBe("/about");
  expect(pageAddress("/")).toBe("/");
});

describeEachDatabase(
  "public pages rendered by the server",
  (env) => {
    it("/tools comes whole: heading, title, canonical address, the tools and their data for the app", async () => {
      const name = `Rendered wrench ${randomUUID()}`;
      await insertTool(env.db, { name, priceCents: 123_45 });
      const { status, headers, html } = await page(env.app, `/tools?q=${encodeURIComponent(name)}`);
      expect(status).toBe(200);
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(html).toMatch(/<h1[^>]*>Available Car Tools<\/h1>/);
      expect(html).toContain("<title>Available Car Tools · Car Mechanic</title>");
      expect(html).toContain(name);
      expect(html).toContain("$123.45</span> per piece");
      expect(html).not.toContain("needs JavaScript");
      const carried = pageData(html).queries.map((q) => JSON.stringify(q.data));
      expect(carried.some((data) => data.includes(name))).toBe(true);
      // The visitor's own session is never part of a page every visitor gets.
      expect(pageData(html).queries.some((q) => q.queryKey[0] === "auth")).toBe(false);
    });

    it("puts a page's title, description, link preview and address in the head, one of each", async () => {
      const head = (html: string) => html.slice(0, html.indexOf("</head>"));
      const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, "g"))?.length ?? 0;
      const about = await page(env.app, "/about");
      const description =
        "Car Mechanic sells genuine car parts and tools to workshops in minimum-quantity lots and offers complimentary pick-up and drop-in.";
      for (const [pattern, value] of [
        [/<title>([^<]*)<\/title>/, "About Us · Car Mechanic"],
        [/<meta\s+name="description"\s+content="([^"]*)"/, description],
        [/<meta property="og:title" content="([^"]*)"/, "About Us · Car Mechanic"],
        [/<meta property="og:description"\s+content="([^"]*)"/, description],
        [/<link rel="canonical" href="([^"]*)"/, `${testOrigin}/about`],
        [/<meta property="og:url" content="([^"]*)"/, `${testOrigin}/about`],
      ] as const) {
        expect(count(about.html, pattern), String(pattern)).toBe(1);
        expect(pattern.exec(head(about.html))?.[1], String(pattern)).toBe(value);
      }
      // Nothing the head holds is left in the page's markup.
      expect(about.html.slice(about.html.indexOf('<div id="root">'))).not.toMatch(
        /<title>|<meta |rel="canonical"/,
      );

      // /tools names itself and keeps index.html's description and link preview: no address of its own.
      const tools = head((await page(env.app, "/tools")).html);
      expect(count(tools, /<title>/)).toBe(1);
      expect(tools).toContain("<title>Available Car Tools · Car Mechanic</title>");
      const template = fs.readFileSync(path.join(root, "web/index.html"), "utf8");
      for (const pattern of [
        /<meta\s+name="description"\s+content="([^"]*)"/,
        /property="og:title" content="([^"]*)"/,
      ]) {
        expect(count(tools, pattern)).toBe(1);
        expect(pattern.exec(tools)?.[1]).toBe(pattern.exec(template)?.[1]);
      }
      expect(tools).not.toMatch(/rel="canonical"|og:url/);
    });

    it("is sent compressed as the browser accepts, the same page", async () => {
      const plain = await page(env.app, "/about");
      const br = await page(env.app, "/about", "gzip, deflate, br");
      const gzip = await page(env.app, "/about", "gzip");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(br.headers.vary).toBe("Accept-Encoding");
      expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(plain.html);
      expect(zlib.gunzipSync(gzip.raw).toString()).toBe(plain.html);
      expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
    });

    it("shows a tool added by another server (straight into the table) within a second", async () => {
      const name = `Added elsewhere ${randomUUID()}`;
      const url = `/tools?q=${encodeURIComponent(name)}`;
      expect((await page(env.app, url)).html).toContain(`No tools match “${name}”`); // kept now
      await insertTool(env.db, { name });
      await expect
        .poll(async () => (await page(env.app, url)).html.includes(`>${name}<`), withinASecond)
        .toBe(true);
    });

    it("shows a review added by another server on the home page within a second", async () => {
      const text = `Rendered review ${randomUUID()}: the lots arrived on the day.`;
      expect((await page(env.app, "/")).html).not.toContain(text); // kept now
      await env.db
        .insert(reviews)
        .values({ name: "Garage Test", email: "garage@example.com", description: text, rating: 5 });
      await expect.poll(async () => (await page(env.app, "/")).html.includes(text), withinASecond).toBe(true);
    });

    it("answers an address that is no page with the rendered not-found page and a 404", async () => {
      const { status, html } = await page(env.app, "/no-such-page");
      expect(status).toBe(404);
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html).toContain("<title>Page not found · Car Mechanic</title>");
    });

    it("keeps what a tool's name says out of the page's markup and data script", async () => {
      const marker = randomUUID();
      const name = `</script><script>alert(1)</script><!-- ${marker}`;
      await insertTool(env.db, { name });
      const { html } = await page(env.app, `/tools?q=${encodeURIComponent("alert")}`);
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain(`<!-- ${marker}`);
      expect(JSON.stringify(pageData(html))).toContain("</script><script>alert(1)</script>");
    });

    it("keeps one page per address it reads: a tracking tag or another missing page renders nothing new", async () => {
      const name = `Tagged wrench ${randomUUID()}`;
      await insertTool(env.db, { name });
      const search = `/tools?q=${encodeURIComponent(name)}`;
      const tagged = await page(env.app, `${search}&utm_source=mail`);
      expect(tagged.html).toContain(`>${name}<`);
      expect(tagged.html).not.toContain("utm_source");
      expect(tagged.html).toBe((await page(env.app, search)).html);
      expect((await page(env.app, "/no-such-page?x=1")).html).toBe(
        (await page(env.app, "/another/missing")).html,
      );
    });

    it("keeps the home page through an unpaid order, and shows the review verified within a second of the payment", async () => {
      const tool = await insertTool(env.db);
      const buyer = await signUp(env.app);
      const text = `Paid review ${randomUUID()}: lots as described.`;
      const review = { name: buyer.name, email: buyer.email, description: text, rating: 5 };
      expect((await call(env.app, "POST", "/api/review", buyer, review)).statusCode).toBe(201);
      const signals = await pageDropSignals(env);
      try {
        await expect
          .poll(async () => (await page(env.app, "/")).html.includes(text), withinASecond)
          .toBe(true);
        expect(reviewCard((await page(env.app, "/")).html, text)).not.toContain("Verified buyer");
        const renders = await rendersSoFar(env.app);

        // An order placed and not paid changes nothing the home page shows: no signal, no render.
        const order = await insertOrder(env.db, tool, buyer);
        expect(await signals.sentBeforeMarker()).toEqual([]);
        expect(reviewCard((await page(env.app, "/")).html, text)).not.toContain("Verified buyer");
        expect(await rendersSoFar(env.app)).toBe(renders);

        await payOrder(env.app, buyer, order.id);
        expect(await signals.sentBeforeMarker()).toEqual([toolListChannel]);
        await expect
          .poll(async () => reviewCard((await page(env.app, "/")).html, text), withinASecond)
          .toContain("Verified buyer");
      } finally {
        await signals.stop();
      }
    });

    it("leaves signed-in pages to the browser: the app's shell", async () => {
      const { status, html } = await page(env.app, "/dashboard");
      expect(status).toBe(200);
      expect(html).toContain("needs JavaScript");
      expect(html).not.toContain('id="page-data"');
    });
  },
  {},
  { distDir, rendererDir },
);

describeEachDatabase(
  "public pages under a flood of addresses nobody asked before",
  (env) => {
    const { limit } = queryRenderBudget.perClient;
    const from = (remoteAddress: string) => async (url: string) => {
      const response = await env.app.inject({ method: "GET", url, remoteAddress });
      return { status: response.statusCode, html: response.body };
    };
    const flooder = from("203.0.113.7");
    const visitor = from("198.51.100.23");
    const rendered = (html: string) => html.includes('id="page-data"');

    it("renders a client's new searches up to its budget, then answers them with the app's shell", async () => {
      const renders = await rendersSoFar(env.app);
      const searches = Array.from({ length: 2 * limit }, (_, i) => `/tools?q=flood-${i}-${randomUUID()}`);
      const answers = [];
      for (const search of searches) answers.push(await flooder(search));
      expect(answers.map((a) => a.status)).toEqual(searches.map(() => 200));
      expect(answers.filter((a) => rendered(a.html))).toHaveLength(limit);
      const shells = answers.filter((a) => !rendered(a.html));
      expect(shells).toHaveLength(limit);
      for (const shell of shells) expect(shell.html).toContain("needs JavaScript");
      expect(await rendersSoFar(env.app)).toBe(renders + limit);
      expect(await rendersSoFar(env.app, "declined")).toBe(limit);

      // What was rendered is kept and sent again; the shop's plain pages and the not-found page
      // are rendered whoever asks; another client's search is its own budget's.
      expect(rendered((await flooder(searches[0] as string)).html)).toBe(true);
      const tools = await flooder("/tools");
      expect(tools.html).toMatch(/<h1[^>]*>Available Car Tools<\/h1>/);
      expect(rendered(tools.html)).toBe(true);
      const missing = await flooder(`/flood/${randomUUID()}`);
      expect(missing.status).toBe(404);
      expect(missing.html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(rendered((await visitor(`/tools?q=${randomUUID()}`)).html)).toBe(true);
      expect(await rendersSoFar(env.app)).toBe(renders + limit + 3);
    });

    it("renders one new search at a time: those asked meanwhile get the app's shell", async () => {
      const renders = await rendersSoFar(env.app);
      const client = from("192.0.2.44");
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => client(`/tools?q=${encodeURIComponent(`at once ${randomUUID()}`)}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(answers.filter((a) => rendered(a.html))).toHaveLength(1);
      expect(await rendersSoFar(env.app)).toBe(renders + 1);
      // The next one, asked after, is rendered.
      expect(rendered((await client(`/tools?q=${randomUUID()}`)).html)).toBe(true);
    });
  },
  {},
  { distDir, rendererDir },
);
