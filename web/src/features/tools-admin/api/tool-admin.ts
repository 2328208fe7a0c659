import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type ToolChanges, toolSchema } from "#contract/catalog";
import { type LowStockTool, type StockChange, type StockMovement, stockReasons } from "#contract/stock";
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

const movementSchema: z.ZodType<StockMovement> = z.object({
  id: z.string(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockReasons),
  orderId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

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
      return readListPage(response, z.array(movementSchema), query);
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

const lowStockSchema: z.ZodType<LowStockTool[]> = z.array(
  z.object({
    _id: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    available: z.number().int(),
    lowStockAt: z.number().int().nullable(),
  }),
);

/** GET /api/service/low-stock: the tools at or below their low-stock level. */
export function useLowStock() {
  return useQuery({
    queryKey: ["tools", "low-stock"],
    queryFn: ({ signal }) => apiJson("/api/service/low-stock", lowStockSchema, { signal }),
    staleTime: 0,
  });
}
