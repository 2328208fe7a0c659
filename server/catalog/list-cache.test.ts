import { describe, expect, it } from "vitest";
import type { Tool } from "../../contract/catalog";
import { createToolListCache } from "./list-cache";

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
    const cache = createToolListCache(async () => ({ items: [], total: ++loads }), 0);
    await cache.get({ page: 1, limit: 5 });
    await cache.get({ page: 1, limit: 5 });
    expect(loads).toBe(2);
  });
});
