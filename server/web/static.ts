import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isPagePath } from "../../contract/routes";
import { keepAnswers, preferredEncoding, type ReadyResponsesPort } from "../http/ready-responses";
import { type PublicPages, serverRenderedPaths } from "./public-pages";

/** The built web app: dist/web, or WEB_DIST_DIR (the Lighthouse script builds into a folder of its own). */
export const webDistDir = path.resolve(
  process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../dist/web"),
);

type IndexFile = { mtimeMs: number; size: number; html: string; scriptHashes: string[] };
const indexFiles = new Map<string, IndexFile>();

/** Inline scripts: a <script> without src, and its text exactly as written (what the browser hashes). */
const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The CSP sources allowing index.html's inline scripts, each as `'sha256-…'`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    ([, text]) =>
      `'sha256-${crypto
        .createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
  );
}

/**
 * The built index.html and its inline scripts' hashes, read again only when the file changes (a
 * rebuild of the web app never leaves a running server serving a page its policy refuses).
 */
function readIndexFile(distDir: string): IndexFile | undefined {
  const file = path.join(distDir, "index.html");
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  const known = indexFiles.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const html = fs.readFileSync(file, "utf8");
  const read = { mtimeMs: stat.mtimeMs, size: stat.size, html, scriptHashes: inlineScriptHashes(html) };
  indexFiles.set(file, read);
  missingIndexFiles.delete(file);
  return read;
}

const noHashes: string[] = [];
/** index.html files found missing by a response's policy, looked for again only by page requests. */
const missingIndexFiles = new Set<string>();

/**
 * For the Content-Security-Policy's script-src (server/http/security-headers.ts), asked on every
 * response: the hashes as last read, the same array until a page request finds index.html changed
 * (pages read it before their response leaves), so no response pays for a look at the disk.
 */
export function indexScriptHashes(distDir = webDistDir): string[] {
  const file = path.join(distDir, "index.html");
  const known = indexFiles.get(file);
  if (known) return known.scriptHashes;
  // Without a build (API-only runs, benchmarks) the answer stays "none" until a page request finds one.
  if (missingIndexFiles.has(file)) return noHashes;
  const read = readIndexFile(distDir);
  if (!read) missingIndexFiles.add(file);
  return read?.scriptHashes ?? noHashes;
}

/**
 * Serves the built web app: hashed assets cached for a year, pictures for a day, and the app's
 * index.html for every page path (404 for paths that are no page, so the not-found page shows
 * with the right status). API paths never fall through to the app.
 */
export async function serveWebApp(
  app: FastifyInstance,
  {
    publicUrl,
    publicPages,
    readyResponses,
    distDir = webDistDir,
  }: {
    publicUrl: string;
    /** Renders the public pages (server/web/public-pages.ts); without it every page is the shell. */
    publicPages?: PublicPages;
    readyResponses?: ReadyResponsesPort;
    distDir?: string;
  },
) {
  const indexFile = path.join(distDir, "index.html");
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of text files (vite.config.ts); browsers get the smallest.
      preCompressed: true,
      // Folder paths ("/") fall through to the app instead of a 403 from the static plugin.
      allowedPath: (pathname) => !pathname.endsWith("/"),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "public, max-age=86400");
        }
      },
    });
  }
  // Checked per request: a rebuild of the web app never leaves a running server pointing at assets
  // that no longer exist.
  // Open Graph wants the shared picture's full address, which depends on where the shop runs.
  const readIndexHtml = () =>
    readIndexFile(distDir)?.html.replace(
      'property="og:image" content="/',
      `property="og:image" content="${publicUrl}/`,
    );

  const sendShell = (reply: FastifyReply, status: number, indexHtml: string) =>
    reply
      .status(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(indexHtml);

  const notBuilt = (reply: FastifyReply) =>
    reply.status(503).send({ error: "The web app is not built yet: run `npm run build`" });

  /** A page sent as complete HTML when it can be rendered, else as the shell the browser renders. */
  async function sendPublicPage(request: FastifyRequest, reply: FastifyReply, status: number) {
    const indexHtml = readIndexHtml();
    if (!indexHtml) return notBuilt(reply);
    // Kept answers are offered before anything is read, so a change meanwhile drops this one.
    const offer = serverRenderedPaths.has(request.url) ? readyResponses?.begin(request) : undefined;
    const page = await publicPages?.get(request.url, status, indexHtml, request.ip);
    if (!page) return sendShell(reply, status, indexHtml);
    // As the browser accepts it: Brotli, gzip or plain (the ready responses key by the same rule).
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    const body = encoding ? page[encoding] : page.html;
    offer?.(body);
    if (encoding) reply.header("content-encoding", encoding);
    return reply
      .status(page.status)
      .header("vary", "Accept-Encoding")
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(body);
  }

  // /home is the home page's other address (spec §2): one address for browsers, bookmarks and search
  // engines alike (a canonical link from /home to / is what crawlers are told to distrust).
  app.get(
    "/home",
    {
      config: { access: "public" },
      schema: { tags: ["Shop"], summary: "The home page's other address: 301 to /" },
    },
    (request, reply) => {
      const query = request.url.indexOf("?");
      return reply.redirect(query < 0 ? "/" : `/${request.url.slice(query)}`, 301);
    },
  );
  if (hasBuild) {
    for (const pagePath of serverRenderedPaths) {
      app.get(
        pagePath,
        {
          config: { access: "public" },
          schema: { tags: ["Shop"], summary: "A public page of the shop, rendered by the server (HTML)" },
          onResponse: keepAnswers(readyResponses),
        },
        (request, reply) => sendPublicPage(request, reply, 200),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ error: "Not found" });
    }
    // Any other address is no page: the not-found page, rendered, with its 404.
    if (!isPagePath(pathname)) return sendPublicPage(request, reply, 404);
    const indexHtml = readIndexHtml();
    return indexHtml ? sendShell(reply, 200, indexHtml) : notBuilt(reply);
  });
}
