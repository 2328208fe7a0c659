/** `?page=` as a page number; anything else is the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * The address of `page` of the list at `path`, keeping the other query parameters of `params` (a
 * list's filter); none with undefined. The first page has no `?page=`.
 */
export function pageHref(path: string, params: URLSearchParams | undefined, page: number): string {
  const next = new URLSearchParams(params);
  if (page === 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
