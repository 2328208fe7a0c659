import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type ToolChanges, toolSchema } from "#contract/catalog";
import { lowStockListAnswer, type StockChange, stockMovementListAnswer } from "#contract/stock";
import { apiFetch, apiJson, readListPage } from "#web/lib/api";

// One tool's admin calls: the tool, its edit, its stock ledger, and the shop's low-stock list.

const toolPath = (id: string) => `/api/service/${encodeURIComponent(id)}`;

/** GET /api/service/{id}, under the catalog's "tools" key so every change refreshes it. */
export function useAdminTool(id: string) {
  return useQuery({
    queryKey: ["tools", "detail", id],
    queryFn: ({ signal }) => apiJson(toolPath(id), toolSchema, { signal }),
    staleTime: 0,
  });
}

/** PATCH /api/service/{id}: the tool's fields, never its stock. */
export function useEditTool(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ToolChanges) =>
      apiJson(toolPath(id), toolSchema, { method: "PATCH", json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}

export const movementsPageSize = 20;

/** GET /api/service/{id}/stock?page=: the tool's movements, newest first. */
export function useStockMovements(id: string, page: number) {
  return useQuery({
    queryKey: ["tools", "stock", id, page],
    queryFn: async ({ signal }) => {
      const query = { page, limit: movementsPageSize };
      const response = await apiFetch(`${toolPath(id)}/stock?page=${page}&limit=${movementsPageSize}`, {
        signal,
      });
      return readListPage(response, stockMovementListAnswer, query);
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/service/{id}/stock: a restock, correction or write-off; the tool and lists refresh. */
export function useAdjustStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange) =>
      apiJson(`${toolPath(id)}/stock`, z.object({ available: z.number().int() }), {
        method: "POST",
        json: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}

/** GET /api/service/low-stock: the tools at or below their low-stock level. */
export function useLowStock() {
  return useQuery({
    queryKey: ["tools", "low-stock"],
    queryFn: ({ signal }) => apiJson("/api/service/low-stock", lowStockListAnswer, { signal }),
    staleTime: 0,
  });
}
