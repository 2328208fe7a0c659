import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { OrderStatus } from "../../../../../contract/orders";
import { apiFetch } from "../../../lib/api";
import { allOrdersQueryKey } from "./query-keys";
import { type OrdersPage, ordersPageSize, readOrderPage } from "./read-order-page";

/** GET /api/allOrder?page=&limit=&status= (admins): every buyer's orders, newest first. */
export async function getAllOrders(
  { page, status }: { page: number; status: OrderStatus | undefined },
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(ordersPageSize) });
  if (status) query.set("status", status);
  return readOrderPage(await apiFetch(`/api/allOrder?${query}`, { signal }), page);
}

export function useAllOrders(page: number, status: OrderStatus | undefined) {
  return useQuery({
    queryKey: [...allOrdersQueryKey, { page, status }],
    queryFn: ({ signal }) => getAllOrders({ page, status }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
