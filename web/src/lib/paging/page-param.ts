/** `?page=` as a page number; anything else is the first page. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * Where a list read by cursor is: the page number shown (`?page=`) and the cursor of the Link header
 * that led there (`?cursor=`); without a cursor, the page is read by number.
 */
export type ListPosition = { page: number; cursor: string | undefined };

export function parseListPosition(params: URLSearchParams): ListPosition {
  const page = parsePage(params.get("page"));
  const cursor = params.get("cursor") ?? "";
  return { page, cursor: page > 1 && cursor !== "" ? cursor : undefined };
}

/** The API's query for a position: `?cursor=` when there is one, else `?page=`; and `?limit=`. */
export function listParams({ page, cursor }: ListPosition, limit: number): URLSearchParams {
  return new URLSearchParams(
    cursor === undefined ? { page: String(page), limit: String(limit) } : { cursor, limit: String(limit) },
  );
}

/**
 * The address of `page` of the list at `path`, keeping the other query parameters of `params` (a
 * list's filter); none with undefined. The first page has no `?page=`; another has the `cursor` that
 * reaches it, when known.
 */
export function pageHref(
  path: string,
  params: URLSearchParams | undefined,
  page: number,
  cursor?: string,
): string {
  const next = new URLSearchParams(params);
  next.delete("cursor");
  if (page === 1) next.delete("page");
  else next.set("page", String(page));
  if (page > 1 && cursor !== undefined) next.set("cursor", cursor);
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}
