import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#web/lib/api";
import { myOrdersQueryKey } from "#web/lib/orders/query-keys";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
import { type OrdersPage, ordersPageSize, readOrderPage } from "./read-order-page";

/** GET /api/order?orderEmail=&cursor=|page=&limit=: the signed-in user's orders, newest first. */
export async function getMyOrders(
  email: string,
  position: ListPosition,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const query = new URLSearchParams({
    orderEmail: email,
    ...Object.fromEntries(listParams(position, ordersPageSize)),
  });
  return readOrderPage(await apiFetch(`/api/order?${query}`, { signal }), position.page);
}

export function useMyOrders(email: string | undefined, position: ListPosition) {
  return useQuery({
    queryKey: [...myOrdersQueryKey, { email, ...position }],
    queryFn: ({ signal }) => getMyOrders(email ?? "", position, signal),
    enabled: email !== undefined,
    placeholderData: keepPreviousData,
    // Payments and shipping change an order elsewhere: read the list again whenever it is shown.
    staleTime: 0,
  });
}
