import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reorderAnswer } from "#contract/checkout";
import { apiJson } from "#web/lib/api";
import { cartQueryKey } from "#web/lib/cart/query-keys";

/**
 * POST /api/order/{id}/reorder (the order's buyer): its lines go into the cart, checked against
 * today's rules, prices and stock; answers the cart and what changed.
 */
export function reorder(orderId: string) {
  return apiJson(`/api/order/${encodeURIComponent(orderId)}/reorder`, reorderAnswer, { method: "POST" });
}

/** "Order again": the cart answered becomes the cart's data at once (the bar's count too). */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, answer.cart),
  });
}
