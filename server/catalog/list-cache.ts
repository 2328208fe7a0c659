import { LRUCache } from "lru-cache";
import type { PageQuery } from "../../contract/pagination";
import type { ToolPage } from "./service";

export type CachedPage = { body: Buffer; total: number };

/** How long a page is kept without an invalidation (a safety net: changes invalidate at once). */
export const toolListTtlMs = 5_000;

/** At most this many pages are kept (least recently read ones go first): ~30 KB each at most. */
export const maxCachedPages = 200;

/**
 * The tool list is read on every visit and changes rarely, so each page is kept serialised in
 * memory, at most `maxCachedPages` of them (every `page`/`limit` pair is a page). Any change of
 * the tools table on any server calls `invalidate()` (list-changes.ts, within moments); the
 * time-to-live is only a safety net for a moment without that notification.
 */
export function createToolListCache(
  load: (q: PageQuery) => Promise<ToolPage>,
  { ttlMs = toolListTtlMs, onInvalidate }: { ttlMs?: number; onInvalidate?: () => void } = {},
) {
  const pages = new LRUCache<string, Promise<CachedPage>>({ max: maxCachedPages, ttl: ttlMs });
  let generation = 0;

  return {
    get(q: PageQuery): Promise<CachedPage> {
      const key = `${q.page}:${q.limit}`;
      const hit = pages.get(key);
      if (hit) return hit;
      const startedIn = generation;
      // Concurrent misses share one query; a failed load is not cached.
      const page = load(q).then(({ items, total }) => ({ body: Buffer.from(JSON.stringify(items)), total }));
      pages.set(key, page);
      const forget = () => {
        if (pages.peek(key, { allowStale: true }) === page) pages.delete(key);
      };
      page.then(() => startedIn !== generation && forget(), forget);
      return page;
    },
    invalidate(): void {
      generation++;
      pages.clear();
      onInvalidate?.();
    },
    /** How many pages are kept now. */
    get size(): number {
      return pages.size;
    },
  };
}

export type ToolListCache = ReturnType<typeof createToolListCache>;
