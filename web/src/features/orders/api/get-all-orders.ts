import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import type { OrderStatus } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { apiFetch } from "#web/lib/api";
import { allOrdersQueryKey, ordersQueryKey } from "#web/lib/orders/query-keys";
import { type ListPosition, listParams } from "#web/lib/page-param";
import { type OrderView, statusesOf } from "../order-view-param";
import { type OrdersPage, ordersPageSize, readOrderPage } from "./read-order-page";

/**
 * GET /api/allOrder?cursor=|page=&limit=&status=&status=&q= (admins): every buyer's orders, newest
 * first; with statuses, only the orders of any of them; with a search, those it finds.
 */
export async function getAllOrders(
  {
    position,
    statuses,
    search,
  }: { position: ListPosition; statuses: readonly OrderStatus[] | undefined; search: string },
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const query = listParams(position, ordersPageSize);
  for (const status of statuses ?? []) query.append("status", status);
  if (search !== "") query.set("q", search);
  return readOrderPage(await apiFetch(`/api/allOrder?${query}`, { signal }), position.page);
}

export function useAllOrders(position: ListPosition, view: OrderView, search: string) {
  return useQuery({
    queryKey: [...allOrdersQueryKey, { ...position, view, search }],
    queryFn: ({ signal }) => getAllOrders({ position, statuses: statusesOf(view), search }, signal),
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
