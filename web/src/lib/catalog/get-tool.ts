import { queryOptions, useQuery } from "@tanstack/react-query";
import { toolSchema } from "#contract/catalog";
import { apiJson } from "../api";

/** GET /api/service/{id}: one tool with its lot rules and current stock. */
export function getTool(id: string, signal?: AbortSignal) {
  return apiJson(`/api/service/${encodeURIComponent(id)}`, toolSchema, { signal });
}

/** Under the catalog's "tools" key, so an order (or a change of stock) refreshes it with the list. */
export function toolQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["tools", "detail", id],
    queryFn: ({ signal }) => getTool(id, signal),
    // The stock moves with every order: show it fresh when the page opens.
    staleTime: 0,
  });
}

export function useTool(id: string) {
  return useQuery(toolQueryOptions(id));
}
