import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#web/lib/api";
import { myOrdersQueryKey } from "#web/lib/orders/query-keys";
import { type OrdersPage, ordersPageSize, readOrderPage } from "./read-order-page";

/** GET /api/order?orderEmail=&page=&limit=: the signed-in user's orders, newest first. */
export async function getMyOrders(email: string, page: number, signal?: AbortSignal): Promise<OrdersPage> {
  const query = new URLSearchParams({ orderEmail: email, page: String(page), limit: String(ordersPageSize) });
  return readOrderPage(await apiFetch(`/api/order?${query}`, { signal }), page);
}

export function useMyOrders(email: string | undefined, page: number) {
  return useQuery({
    queryKey: [...myOrdersQueryKey, { email, page }],
    queryFn: ({ signal }) => getMyOrders(email ?? "", page, signal),
    enabled: email !== undefined,
    placeholderData: keepPreviousData,
    // Payments and shipping change an order elsewhere: read the list again whenever it is shown.
    staleTime: 0,
  });
}
