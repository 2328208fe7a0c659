import { beforeAll, expect, it } from "vitest";
import { seedDemoData } from "../demo/seed";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { sitemapPages } from "./sitemap";

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");
}

describeEachDatabase("sitemap", (env) => {
  beforeAll(async () => {
    await seedDemoData(env.db);
  });

  it("lists the public pages a visitor can open, at the shop's public address, and no tool page", async () => {
    const res = await env.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // Tool pages ask a visitor to sign in: a crawler would only find that.
    expect(locations(res.body)).toEqual([
      `${testOrigin}/`,
      `${testOrigin}/tools`,
      `${testOrigin}/carBenifits`,
      `${testOrigin}/about`,
      `${testOrigin}/blog`,
      `${testOrigin}/contact`,
      `${testOrigin}/terms`,
      `${testOrigin}/privacy`,
      `${testOrigin}/shipping`,
    ]);
    expect(sitemapPages).not.toContain("/home");
  });

  it("serves robots.txt: pages open, dashboard and API closed, the sitemap at its full address", async () => {
    const res = await env.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${testOrigin}/sitemap.xml`);
  });
});
