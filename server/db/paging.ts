import type { PageQuery } from "../../contract/pagination";

/** One page of a list and the number of items in the whole list (the API sends it as X-Total-Count). */
export type Page<T> = { items: T[]; total: number };

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
