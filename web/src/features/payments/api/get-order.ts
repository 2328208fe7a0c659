import { useQuery } from "@tanstack/react-query";
import { orderSchema } from "#contract/orders";
import { apiJson } from "#web/lib/api";

/** GET /api/order/{id}: one of the signed-in user's orders (anyone else's answers 404). */
export function getOrder(id: string, signal?: AbortSignal) {
  return apiJson(`/api/order/${encodeURIComponent(id)}`, orderSchema, { signal });
}

/** Under the "orders" key, so paying, shipping or cancelling refreshes it with the lists. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: ["orders", "detail", id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });
}
