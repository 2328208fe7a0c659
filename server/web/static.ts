import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isPagePath } from "../../contract/routes";

/** The built web app: dist/web, or WEB_DIST_DIR (the Lighthouse script builds into a folder of its own). */
export const webDistDir = path.resolve(
  process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../dist/web"),
);

/**
 * Serves the built web app: hashed assets cached for a year, pictures for a day, and the app's
 * index.html for every page path (404 for paths that are no page, so the not-found page shows
 * with the right status). API paths never fall through to the app.
 */
export async function serveWebApp(app: FastifyInstance, publicUrl: string, distDir = webDistDir) {
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
  // Read per request (the OS caches it): a rebuild of the web app never leaves a running server
  // pointing at assets that no longer exist.
  // Open Graph wants the shared picture's full address, which depends on where the shop runs.
  const readIndexHtml = () =>
    fs.existsSync(indexFile)
      ? fs
          .readFileSync(indexFile, "utf8")
          .replace('property="og:image" content="/', `property="og:image" content="${publicUrl}/`)
      : undefined;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ error: "Not found" });
    }
    const indexHtml = readIndexHtml();
    if (!indexHtml) {
      return reply.status(503).send({ error: "The web app is not built yet: run `npm run build`" });
    }
    return reply
      .status(isPagePath(pathname) ? 200 : 404)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(indexHtml);
  });
}
