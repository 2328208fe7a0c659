import type { PageQuery } from "../../contract/pagination";
import type { ToolPage } from "./service";

export type CachedPage = { body: Buffer; total: number };

/**
 * The tool list is read on every visit and changes rarely, so each page is kept serialised in
 * memory. Anything that changes tools or stock calls `invalidate()`; the time-to-live bounds
 * how stale a second server on the same PostgreSQL can be.
 */
export function createToolListCache(load: (q: PageQuery) => Promise<ToolPage>, ttlMs = 5_000) {
  const pages = new Map<string, { at: number; page: Promise<CachedPage> }>();
  let generation = 0;

  return {
    get(q: PageQuery): Promise<CachedPage> {
      const key = `${q.page}:${q.limit}`;
      const hit = pages.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.page;
      const startedIn = generation;
      // Concurrent misses share one query; a failed load is not cached.
      const page = load(q).then(({ items, total }) => ({ body: Buffer.from(JSON.stringify(items)), total }));
      pages.set(key, { at: Date.now(), page });
      const forget = () => {
        if (pages.get(key)?.page === page) pages.delete(key);
      };
      page.then(() => startedIn !== generation && forget(), forget);
      return page;
    },
    invalidate(): void {
      generation++;
      pages.clear();
    },
  };
}

export type ToolListCache = ReturnType<typeof createToolListCache>;
