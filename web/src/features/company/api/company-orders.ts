import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { orderSchema } from "#contract/orders";
import { apiFetch, readListPage } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";

/** Orders per page of the company's orders. */
export const companyOrdersPageSize = 10;

const orderListSchema = z.array(orderSchema);

/** `GET /api/companies/{id}/orders?cursor=|page=&limit=` (its admins): the company's orders, newest first. */
export function useCompanyOrders(companyId: string, position: ListPosition) {
  return useQuery({
    queryKey: [...ordersQueryKey, "company", companyId, position],
    queryFn: async ({ signal }) => {
      const params = listParams(position, companyOrdersPageSize);
      const response = await apiFetch(`/api/companies/${encodeURIComponent(companyId)}/orders?${params}`, {
        signal,
      });
      return readListPage(response, orderListSchema, { page: position.page, limit: companyOrdersPageSize });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
