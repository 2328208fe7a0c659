import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tool } from "#contract/catalog";
import { apiFetch, readListPage } from "../api";
import { bodySchema, listOf } from "../parse";
import { parseTool } from "./parse-tool";

/** Tools per page of the tools list: four full rows of three on a wide screen. */
export const toolsPageSize = 24;

export type ToolsPage = {
  tools: Tool[];
  /** All tools in the catalog, from the X-Total-Count header. */
  total: number;
};

const toolListSchema = bodySchema(listOf(parseTool));

export async function getTools(
  { page, limit = toolsPageSize }: { page: number; limit?: number },
  signal?: AbortSignal,
): Promise<ToolsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const response = await apiFetch(`/api/service?${query}`, { signal });
  const { items: tools, total } = await readListPage(response, toolListSchema, { page, limit });
  return { tools, total };
}

export function toolsQueryOptions(page: number, limit = toolsPageSize) {
  return queryOptions({
    queryKey: ["tools", "list", { page, limit }],
    queryFn: ({ signal }) => getTools({ page, limit }, signal),
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTools(page: number, limit = toolsPageSize) {
  return useQuery(toolsQueryOptions(page, limit));
}
