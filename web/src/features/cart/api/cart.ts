import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Cart, cartAnswer, type LotRefusal, lotRefusal } from "#contract/cart";
import { ApiError, apiJson } from "#web/lib/api";
import { cartQueryKey } from "#web/lib/cart/query-keys";

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => apiJson("/api/cart", cartAnswer, { signal }),
  });
}

/** GET /api/cart. */
export function useCart(enabled = true) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/** A quantity the server refused for a tool's lot rules, with the nearest one they allow. */
export function refusalOf(error: unknown): LotRefusal | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return undefined;
  const parsed = lotRefusal.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** Every change answers the whole cart: it becomes the cart's query data at once. */
function useCartChange<V>(change: (variables: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

export type LineChange = { toolId: string; quantity: number };

/** PUT /api/cart/lines/{toolId}: adds the line, or changes its quantity (400/409 with a suggestion). */
export function putCartLine({ toolId, quantity }: LineChange) {
  return apiJson(`/api/cart/lines/${encodeURIComponent(toolId)}`, cartAnswer, {
    method: "PUT",
    json: { quantity },
  });
}

export function useSetCartLine() {
  return useCartChange(putCartLine);
}

/** DELETE /api/cart/lines/{toolId}. */
export function useRemoveCartLine() {
  return useCartChange((toolId: string) =>
    apiJson(`/api/cart/lines/${encodeURIComponent(toolId)}`, cartAnswer, { method: "DELETE" }),
  );
}

/** DELETE /api/cart: every line out. */
export function useClearCart() {
  return useCartChange(() => apiJson("/api/cart", cartAnswer, { method: "DELETE" }));
}

/**
 * Takes today's price for each line whose price changed since it went in: its quantity is set again
 * (a PUT each), which the server prices anew. The cart answered last becomes the cart's data.
 */
export function useAcceptPrices() {
  return useCartChange(async (lines: LineChange[]) => {
    let cart: Cart | undefined;
    for (const line of lines) cart = await putCartLine(line);
    return cart ?? apiJson("/api/cart", cartAnswer);
  });
}
