import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import type { OrderStatus } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { apiFetch } from "#web/lib/api";
import { allOrdersQueryKey, ordersQueryKey } from "#web/lib/orders/query-keys";
import { type OrderView, statusesOf } from "../order-view-param";
import { type OrdersPage, ordersPageSize, readOrderPage } from "./read-order-page";

/**
 * GET /api/allOrder?page=&limit=&status=&status= (admins): every buyer's orders, newest first; with
 * statuses, only the orders of any of them.
 */
export async function getAllOrders(
  { page, statuses }: { page: number; statuses: readonly OrderStatus[] | undefined },
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(ordersPageSize) });
  for (const status of statuses ?? []) query.append("status", status);
  return readOrderPage(await apiFetch(`/api/allOrder?${query}`, { signal }), page);
}

export function useAllOrders(page: number, view: OrderView) {
  return useQuery({
    queryKey: [...allOrdersQueryKey, { page, view }],
    queryFn: ({ signal }) => getAllOrders({ page, statuses: statusesOf(view) }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * After an admin shipped or removed an order: the listed order shows its new status where it is,
 * even in a list it no longer belongs to (the orders to act on), so that the rows below do not
 * move up under the pointer (a second click on ADD would ship the next order). The admin lists are
 * only marked stale: they refresh at the next page, filter, visit or return to the window. Every
 * other order list and order refreshes as usual.
 */
export async function settleListedOrder(
  queryClient: QueryClient,
  id: string,
  change: Pick<Order, "status" | "expiresAt">,
): Promise<void> {
  queryClient.setQueriesData<OrdersPage>({ queryKey: allOrdersQueryKey }, (page) =>
    page?.orders.some((order) => order._id === id)
      ? { ...page, orders: page.orders.map((order) => (order._id === id ? { ...order, ...change } : order)) }
      : page,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: allOrdersQueryKey, refetchType: "none" }),
    queryClient.invalidateQueries({
      queryKey: ordersQueryKey,
      predicate: (query) => query.queryKey[1] !== allOrdersQueryKey[1],
    }),
  ]);
}
