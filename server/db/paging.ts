import type { PageQuery } from "../../contract/pagination";

/** Where a link to another page of a list points: a cursor (server/db/keyset.ts) or a page number. */
export type PageLink = { cursor: string } | { page: number };

/**
 * One page of a list and the number of items in the whole list (the API sends it as X-Total-Count),
 * with the next and previous pages when there are (sent as a Link header).
 */
export type Page<T> = { items: T[]; total: number; next?: PageLink; prev?: PageLink };

/**
 * Reads the `?page=&limit=` page of a query (in the list's order) and counts the whole list, at the
 * same time. `total` is the count of the same rows: `db.$count(table, where)`.
 */
export async function readPage<Row>(
  query: { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } },
  total: PromiseLike<number>,
  { page, limit }: PageQuery,
): Promise<Page<Row>> {
  const [items, count] = await Promise.all([query.limit(limit).offset((page - 1) * limit), total]);
  return { items, total: count };
}
