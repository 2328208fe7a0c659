import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { RenderedPage } from "../../web/src/entry-server";
import { createRateLimiter } from "../rate-limits/memory-limiter";

/**
 * The public pages the server sends as complete HTML (docs/decisions/023): the storefront a visitor
 * or a crawler opens first. Every other page is the app's shell, rendered in the browser.
 */
export const serverRenderedPaths = new Set([
  "/",
  "/tools",
  "/about",
  "/carBenifits",
  "/contact",
  "/blog",
  "/terms",
  "/privacy",
  "/shipping",
]);

/** What a page reads of its query; any other (a tracking tag) would otherwise make a page of its own. */
const pageParams: Record<string, string[]> = { "/tools": ["page", "q", "sort", "orderable"] };

/** The address a page is rendered and kept under: its path, and only the query it reads. */
export function pageAddress(url: string): string {
  const parsed = new URL(url, "http://localhost");
  const kept = new URLSearchParams();
  for (const name of pageParams[parsed.pathname] ?? []) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

/** The build of web/src/entry-server.tsx (`npm run build`), beside dist/web. */
export const pageRendererDir = path.resolve(
  process.env.WEB_SSR_DIR ?? path.join(import.meta.dirname, "../../dist/web-ssr"),
);

type RendererModule = {
  answerApiCallsWith(fetcher: typeof fetch): void;
  renderPage(url: string, origin: string): Promise<RenderedPage>;
};

/** A page as sent: its status and its bytes, plain and compressed, made once per change of the shop. */
export type SentPage = { status: number; template: string; html: Buffer; gzip: Buffer; br: Buffer };

/** Distinct addresses kept (pages of /tools, searches): the least recently asked go first. */
const maxPages = 200;

/**
 * How many pages of addresses with a query (a page of /tools, a search, a sort: as many as anyone
 * cares to type) the server renders, per client and overall; past either, such an address gets the
 * app's shell, which asks the API for its data. A flood of new searches costs the API's readers
 * these renders at most (decision 023); each public page's plain address and the not-found page are
 * rendered whoever asks, once per change of the shop.
 */
export const queryRenderBudget = {
  perClient: { limit: 10, windowMs: 60_000 },
  overall: { limit: 20, windowMs: 10_000 },
};

/** A render run, or one declined (the budget spent) and answered with the shell. */
export type RenderOutcome = "rendered" | "declined";

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** What index.html holds between these marks is the shell, replaced by the page. */
const appStart = "<!--app-->";
const appEnd = "<!--/app-->";

/** An element React hoists to the start of a page's markup: a <title>, a <meta> or a <link>. */
const hoistedElement = /<(?:link|meta) [^>]*\/>|<title>[^<]*<\/title>/y;

/**
 * Where index.html has an element the page's own takes the place of: its <title>, and the <meta> of
 * the same name or property (the description, the link preview's title and description).
 */
function templatesOwn(element: string): RegExp | undefined {
  if (element.startsWith("<title>")) return /<title>[^<]*<\/title>/;
  const key = /^<meta (name|property)="([^"]+)"/.exec(element);
  return key ? new RegExp(`<meta\\s+${key[1]}="${key[2]}"\\s[^>]*\\/>`) : undefined;
}

/**
 * The page's HTML: index.html (its head, styles and scripts) with the elements the page renders for
 * the head (its title, description, link preview and canonical address: web/src/components/PageMeta.tsx;
 * its first pictures' preloads), its markup in #root and its data beside it.
 */
export function composePage(template: string, page: RenderedPage): string {
  const start = template.indexOf(appStart);
  const end = template.indexOf(appEnd);
  if (start < 0 || end < start) throw new Error("index.html has no <!--app--> … <!--/app--> marks");
  const { html } = page;
  // React puts what the page renders for the head first: each replaces index.html's own, if it has
  // one (one title, one description), or is added at the end of the head.
  let head = template.slice(0, start);
  let added = "";
  let position = 0;
  for (;;) {
    hoistedElement.lastIndex = position;
    const found = hoistedElement.exec(html);
    if (!found) break;
    position = hoistedElement.lastIndex;
    const element = found[0].replace(/\/>$/, " />");
    const own = templatesOwn(element);
    if (own?.test(head)) head = head.replace(own, () => element);
    else added += `${element}\n    `;
  }
  head = head.replace("</head>", `${added}</head>`);
  return (
    `${head}<div id="root">${html.slice(position)}</div>\n` +
    `    <script type="application/json" id="page-data">${scriptJson(page.data)}</script>\n    ` +
    template.slice(end + appEnd.length)
  );
}

function compressed(html: string, status: number, template: string): SentPage {
  const bytes = Buffer.from(html);
  return {
    status,
    template,
    html: bytes,
    gzip: zlib.gzipSync(bytes, { level: 9 }),
    br: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  };
}

type Log = { error(details: object, message: string): void };

/**
 * Renders public pages with the build of web/src/entry-server.tsx and keeps each until `clear()`
 * (called whenever the catalog or the reviews change, on any server). The page's calls are answered
 * by the app itself, as a visitor's would be. Undefined without that build (API-only runs).
 */
export async function createPublicPages(
  app: FastifyInstance,
  {
    publicUrl,
    log,
    dir = pageRendererDir,
    count,
  }: { publicUrl: string; log: Log; dir?: string; count?: (outcome: RenderOutcome) => void },
) {
  const entry = path.join(dir, "entry-server.js");
  if (!fs.existsSync(entry)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as RendererModule;
  renderer.answerApiCallsWith(async (input) => {
    const answer = await app.inject({
      method: "GET",
      url: String(input),
      headers: { accept: "application/json" },
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: answer.headers as Record<string, string>,
    });
  });

  const pages = new LRUCache<string, SentPage>({ max: maxPages });
  const rendering = new Map<string, Promise<SentPage | undefined>>();
  let generation = 0;
  const clientBudget = createRateLimiter(queryRenderBudget.perClient);
  const overallBudget = createRateLimiter(queryRenderBudget.overall);
  let queryRenderRunning = false;

  /** Takes one render from `client`'s budget and the overall one; false when either is spent. */
  async function withinBudget(client: string): Promise<boolean> {
    if ((await clientBudget.hit(client)) !== undefined) return false;
    if ((await overallBudget.hit("")) === undefined) return true;
    await clientBudget.undo(client);
    return false;
  }

  /**
   * The page of an address with a query, rendered if no other such page is being rendered (a
   * flood's renders take turns with the API's reads instead of crowding them) and the budgets
   * allow it; undefined (the shell) otherwise.
   */
  async function renderQueryPage(
    key: string,
    address: string,
    status: number,
    template: string,
    client: string,
  ) {
    if (!queryRenderRunning) {
      queryRenderRunning = true;
      try {
        if (await withinBudget(client)) return await startRender(key, address, status, template);
      } finally {
        queryRenderRunning = false;
      }
    }
    count?.("declined");
    return undefined;
  }

  /** One render of an address at a time: whoever asks for it meanwhile gets the same one. */
  function startRender(key: string, address: string, status: number, template: string) {
    let started = rendering.get(key);
    if (!started) {
      started = render(key, address, status, template, generation);
      rendering.set(key, started);
    }
    return started;
  }

  async function render(
    key: string,
    url: string,
    status: number,
    template: string,
    generationAtStart: number,
  ) {
    count?.("rendered");
    try {
      const page = compressed(
        composePage(template, await renderer.renderPage(url, publicUrl)),
        status,
        template,
      );
      if (generation === generationAtStart) pages.set(key, page);
      return page;
    } catch (err) {
      log.error({ err, url }, "server rendering failed; the page goes out as the app's shell");
      return undefined;
    } finally {
      rendering.delete(key);
    }
  }

  return {
    /**
     * The page at `url` (path and query) with `status`, rendered into `template` (the built
     * index.html) if it is kept, or its address is plain, or `client` (the caller's address) has
     * render budget left and no other address with a query is being rendered; undefined when it is
     * not rendered (the caller sends the shell).
     */
    async get(url: string, status: number, template: string, client: string): Promise<SentPage | undefined> {
      // Every address that is no page gets the same not-found page: one kept for all.
      const address = pageAddress(url);
      const key = status === 404 ? "not found" : address;
      const kept = pages.get(key);
      // A rebuilt web app (another index.html) renders the page again.
      if (kept?.status === status && kept.template === template) return kept;
      const pending = rendering.get(key);
      if (pending) return pending;
      return key.includes("?")
        ? renderQueryPage(key, address, status, template, client)
        : startRender(key, address, status, template);
    },

    /** Forgets every page: what they show has changed. */
    clear(): void {
      generation++;
      pages.clear();
    },
  };
}

export type PublicPages = NonNullable<Awaited<ReturnType<typeof createPublicPages>>>;
