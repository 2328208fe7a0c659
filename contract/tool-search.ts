// The tool list's search, sort and filter parameters, with no zod: the /tools page (a first-visit
// page) reads them from its URL; `toolListQuery` (catalog.ts) validates them on the server.

/** `?sort=`: by name, cheapest first, dearest first, newest first. Absent: the catalog's own order. */
export const toolSorts = ["name", "price", "-price", "newest"] as const;
export type ToolSort = (typeof toolSorts)[number];

export const toolSearchMaxLength = 100;

export function isToolSort(value: string | null | undefined): value is ToolSort {
  return (toolSorts as readonly (string | null | undefined)[]).includes(value);
}
