import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tool } from "#contract/catalog";
import type { ToolSort } from "#contract/tool-search";
import { apiFetch, lazySchema, readListPage } from "../api";

/** Tools per page of the tools list: four full rows of three on a wide screen. */
export const toolsPageSize = 24;

export type ToolsPage = {
  tools: Tool[];
  /** All tools in the catalog, from the X-Total-Count header. */
  total: number;
};

/** The list's search, sort and filter (the /tools page's URL); each left out in the default view. */
export type ToolsView = { q?: string; sort?: ToolSort; orderable?: boolean };

const toolListSchema = lazySchema(() => import("#contract/answers").then((a) => a.toolListAnswer));

export async function getTools(
  { page, limit = toolsPageSize, q, sort, orderable }: { page: number; limit?: number } & ToolsView,
  signal?: AbortSignal,
): Promise<ToolsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set("q", q);
  if (sort) query.set("sort", sort);
  if (orderable) query.set("orderable", "true");
  const response = await apiFetch(`/api/service?${query}`, { signal });
  const { items: tools, total } = await readListPage(response, toolListSchema, { page, limit });
  return { tools, total };
}

export function toolsQueryOptions(page: number, limit = toolsPageSize, view: ToolsView = {}) {
  return queryOptions({
    queryKey: ["tools", "list", { page, limit, ...view }],
    queryFn: ({ signal }) => getTools({ page, limit, ...view }, signal),
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTools(page: number, limit = toolsPageSize, view: ToolsView = {}) {
  return useQuery(toolsQueryOptions(page, limit, view));
}
