import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { invoiceListAnswer } from "#contract/invoices";
import { apiFetch, readListPage } from "#web/lib/api";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
import { filterParams, type InvoiceFilters } from "../invoice-filters";

/** Invoices per page. */
export const invoicesPageSize = 20;

/**
 * `GET /api/invoices?from&to&kind&cursor|page&limit` (shop admins): invoices and credit notes,
 * newest first. Kept under the orders' key: paying, shipping or refunding an order issues one.
 */
export function useInvoices(filters: InvoiceFilters, position: ListPosition) {
  return useQuery({
    queryKey: [...ordersQueryKey, "invoices", filters, position],
    queryFn: async ({ signal }) => {
      const params = listParams(position, invoicesPageSize);
      for (const [key, value] of filterParams(filters)) params.set(key, value);
      const response = await apiFetch(`/api/invoices?${params}`, { signal });
      return readListPage(response, invoiceListAnswer, { page: position.page, limit: invoicesPageSize });
    },
    placeholderData: keepPreviousData,
  });
}
