import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import type { OrderStatus } from "#contract/order-status";
import type { Order } from "#contract/orders";
import { apiFetch } from "#web/lib/api";
import { allOrdersQueryKey, ordersQueryKey } from "#web/lib/orders/query-keys";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
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

/** The view a cached admin list shows, read from its query key (see useAllOrders). */
function viewOfListKey(key: readonly unknown[]): OrderView | undefined {
  const options = key[allOrdersQueryKey.length];
  return typeof options === "object" && options !== null && "view" in options
    ? (options as { view: OrderView }).view
    : undefined;
}

/** A listed page after one of its orders changed: the order leaves a view it no longer belongs to, and the total with it. */
function pageAfterChange(
  page: OrdersPage,
  view: OrderView | undefined,
  id: string,
  change: OrderChange,
): OrdersPage {
  const statuses = view === undefined ? undefined : statusesOf(view);
  if (statuses && !statuses.includes(change.status)) {
    return {
      ...page,
      orders: page.orders.filter((order) => order._id !== id),
      total: Math.max(0, page.total - 1),
    };
  }
  return {
    ...page,
    orders: page.orders.map((order) => (order._id === id ? { ...order, ...change } : order)),
  };
}

type OrderChange = Pick<Order, "status" | "expiresAt">;

/**
 * After an admin shipped or removed an order: every cached admin list shows it at once, with its
 * row and its count in step (gone from the orders to act on, one fewer counted; shown with its new
 * status where it still belongs), then every order list refreshes from the server.
 */
export async function settleListedOrder(
  queryClient: QueryClient,
  id: string,
  change: OrderChange,
): Promise<void> {
  for (const [key, page] of queryClient.getQueriesData<OrdersPage>({ queryKey: allOrdersQueryKey })) {
    if (page?.orders.some((order) => order._id === id)) {
      queryClient.setQueryData(key, pageAfterChange(page, viewOfListKey(key), id, change));
    }
  }
  await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
}
