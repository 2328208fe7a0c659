import type { FastifyInstance } from "fastify";
import type { CatalogService } from "../catalog/service";

/**
 * The public pages for search engines, with their one address each (/home is the same page as /).
 * The login and sign-up forms are left out: nothing there for a search result.
 */
export const sitemapPages = [
  "/",
  "/tools",
  "/carBenifits",
  "/about",
  "/blog",
  "/contact",
  "/terms",
  "/privacy",
  "/shipping",
] as const;

/** A sitemap file may list at most 50,000 addresses; a larger shop needs a sitemap index. */
const maxUrls = 50_000;
const pageSize = 100;

const xmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);
}

/** Every tool on sale, a page of the catalog at a time, up to what one sitemap can hold. */
async function toolPaths(catalog: CatalogService, room: number): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; paths.length < room; page++) {
    const { items } = await catalog.listTools({ page, limit: pageSize });
    paths.push(...items.map((tool) => `/tools/${tool._id}`));
    if (items.length < pageSize) break;
  }
  return paths.slice(0, room);
}

/**
 * robots.txt: the shop's pages are open to every crawler; the dashboard and the API are not pages.
 * Served rather than a static file because its Sitemap line needs the shop's full public address.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** GET /sitemap.xml: the public pages and every tool's page, at the shop's public address; GET /robots.txt. */
export function sitemapRoutes(app: FastifyInstance, deps: { catalog: CatalogService; publicUrl: string }) {
  const robots = robotsTxt(deps.publicUrl);
  app.get("/robots.txt", { config: { access: "public" } }, (_request, reply) =>
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(robots),
  );
  app.get("/sitemap.xml", { config: { access: "public" } }, async (_request, reply) => {
    const paths = [...sitemapPages, ...(await toolPaths(deps.catalog, maxUrls - sitemapPages.length))];
    const urls = paths.map((p) => `  <url><loc>${escapeXml(`${deps.publicUrl}${p}`)}</loc></url>`);
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      "</urlset>",
      "",
    ].join("\n");
    return reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });
}
