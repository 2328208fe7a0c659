import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { tools } from "../catalog/tables";
import { seedDemoData } from "../demo/seed";
import { insertTool } from "../test/factories";
import { describeEachDatabase, testOrigin } from "../test/test-env";
import { sitemapPages } from "./sitemap";

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? "");
}

describeEachDatabase("sitemap", (env) => {
  let onSale: Tool[];

  beforeAll(async () => {
    await seedDemoData(env.db);
    onSale = (await env.app.inject({ method: "GET", url: "/api/service?limit=100" })).json<Tool[]>();
  });

  it("lists the public pages and every tool's page at the shop's public address", async () => {
    const res = await env.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
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
      ...onSale.map((tool) => `${testOrigin}/tools/${tool._id}`),
    ]);
    expect(onSale.length).toBeGreaterThan(10);
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

  it("leaves out tools taken off sale", async () => {
    const [door] = await env.db.select().from(tools).where(eq(tools.name, "Door"));
    await env.db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.name, "Door"));
    try {
      const res = await env.app.inject({ method: "GET", url: "/sitemap.xml" });
      expect(locations(res.body)).not.toContain(`${testOrigin}/tools/${door?.id}`);
      expect(locations(res.body)).toHaveLength(sitemapPages.length + onSale.length - 1);
    } finally {
      await env.db.update(tools).set({ archivedAt: null }).where(eq(tools.name, "Door"));
    }
  });

  it("reads the whole catalog, past the API's largest page", async () => {
    const added = [];
    for (let i = 0; i < 100; i++) added.push(await insertTool(env.db));
    try {
      const res = await env.app.inject({ method: "GET", url: "/sitemap.xml" });
      const listed = locations(res.body);
      expect(listed).toHaveLength(sitemapPages.length + onSale.length + added.length);
      for (const tool of added) expect(listed).toContain(`${testOrigin}/tools/${tool.id}`);
    } finally {
      for (const tool of added) await env.db.delete(tools).where(eq(tools.id, tool.id));
    }
  });
});
