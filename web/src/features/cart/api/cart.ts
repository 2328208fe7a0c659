import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Cart } from "#contract/cart";
import { apiJson, lazySchema } from "#web/lib/api";
import { cartQueryKey } from "#web/lib/cart/query-keys";

/**
 * The cart's answer, checked with its one definition (contract/answers.ts). The bar's cart count
 * reads it on every page a signed-in buyer opens, which already loads those answers for the session.
 */
const cartBody = lazySchema(() => import("#contract/answers").then((a) => a.cartAnswer));

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => apiJson("/api/cart", cartBody, { signal }),
  });
}

/** GET /api/cart. */
export function useCart(enabled = true) {
  return useQuery({ ...cartQueryOptions(), enabled });
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
  return apiJson(`/api/cart/lines/${encodeURIComponent(toolId)}`, cartBody, {
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
    apiJson(`/api/cart/lines/${encodeURIComponent(toolId)}`, cartBody, { method: "DELETE" }),
  );
}

/** DELETE /api/cart: every line out. */
export function useClearCart() {
  return useCartChange(() => apiJson("/api/cart", cartBody, { method: "DELETE" }));
}

/**
 * Takes today's price for each line whose price changed since it went in: its quantity is set again
 * (a PUT each), which the server prices anew. The cart answered last becomes the cart's data.
 */
export function useAcceptPrices() {
  return useCartChange(async (lines: LineChange[]) => {
    let cart: Cart | undefined;
    for (const line of lines) cart = await putCartLine(line);
    return cart ?? apiJson("/api/cart", cartBody);
  });
}
