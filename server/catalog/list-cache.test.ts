import { describe, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { createToolListCache, maxCachedPages } from "./list-cache";

const tool = (name: string) => ({ name }) as Tool;

describe("the tool list cache", () => {
  it("serves repeated and concurrent reads of a page from one load, and reloads after invalidate", async () => {
    let loads = 0;
    let stock = "first";
    const cache = createToolListCache(async () => {
      loads++;
      return { items: [tool(stock)], total: 1 };
    });
    const q = { page: 1, limit: 24 };
    const [a, b] = await Promise.all([cache.get(q), cache.get(q)]);
    expect(loads).toBe(1);
    expect(a.body.toString()).toBe('[{"name":"first"}]');
    expect(b).toBe(a);

    stock = "second";
    expect((await cache.get(q)).body.toString()).toBe('[{"name":"first"}]');
    cache.invalidate();
    expect((await cache.get(q)).body.toString()).toBe('[{"name":"second"}]');
    expect(loads).toBe(2);
  });

  it("does not keep a failed load, nor a load that an invalidation overtook", async () => {
    let fail = true;
    let release: () => void = () => {};
    const cache = createToolListCache(async () => {
      if (fail) throw new Error("database down");
      await new Promise<void>((r) => (release = r));
      return { items: [], total: 0 };
    });
    const q = { page: 1, limit: 24 };
    await expect(cache.get(q)).rejects.toThrow("database down");

    fail = false;
    const slow = cache.get(q);
    cache.invalidate();
    const fresh = cache.get(q);
    expect(fresh).not.toBe(slow);
    release();
  });

  it("expires pages after the time to live", async () => {
    let loads = 0;
    const cache = createToolListCache(async () => ({ items: [], total: ++loads }), { ttlMs: 1 });
    await cache.get({ page: 1, limit: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.get({ page: 1, limit: 5 });
    expect(loads).toBe(2);
  });

  it("keeps at most maxCachedPages pages however many page/limit pairs are asked for", async () => {
    let loads = 0;
    const cache = createToolListCache(async () => ({ items: [tool("x")], total: ++loads }));
    for (let page = 1; page <= 3_000; page++) await cache.get({ page, limit: 10 + (page % 90) });
    expect(cache.size).toBe(maxCachedPages);
    expect(loads).toBe(3_000);
    // The most recently read pages are the ones kept.
    await cache.get({ page: 3_000, limit: 10 + (3_000 % 90) });
    expect(loads).toBe(3_000);
  });
});
