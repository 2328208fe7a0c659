import type { FastifyInstance } from "fastify";
import { textAnswer } from "../../contract/shop-answers";

/**
 * The public pages for search engines, with their one address each (/home is the same page as /).
 * The login and sign-up forms are left out: nothing there for a search result. So are the tool
 * pages: they ask a visitor to sign in, and a crawler would only find that redirect; /tools lists
 * every tool.
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

/** GET /sitemap.xml: the public pages at the shop's public address; GET /robots.txt. */
export function sitemapRoutes(app: FastifyInstance, deps: { publicUrl: string }) {
  const robots = robotsTxt(deps.publicUrl);
  app.get(
    "/robots.txt",
    {
      config: { access: "public" },
      schema: {
        tags: ["Shop"],
        summary: "Rules for crawlers",
        response: { 200: textAnswer("text/plain", "robots.txt") },
      },
    },
    (_request, reply) =>
      reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(robots),
  );
  const urls = sitemapPages.map((p) => `  <url><loc>${escapeXml(`${deps.publicUrl}${p}`)}</loc></url>`);
  app.get(
    "/sitemap.xml",
    {
      config: { access: "public" },
      schema: {
        tags: ["Shop"],
        summary: "The public pages, for search engines",
        response: { 200: textAnswer("application/xml", "A sitemap (sitemaps.org 0.9)") },
      },
    },
    async (_request, reply) => {
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
    },
  );
}
