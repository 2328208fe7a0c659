import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CompanyListItem,
  CompanyStatus,
  CompanyTermsInput,
  companyPaymentBody,
} from "#contract/companies";
import { apiFetch, apiJson, type ListPage, lazySchema, readListPage } from "#web/lib/api";
import { companyAccountKey } from "#web/lib/companies/account";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";

/** Companies per page of the admins' list. */
export const companiesPageSize = 20;

const listSchema = lazySchema(() => import("#contract/answers").then((a) => a.companyListAnswer));
const companySchema = lazySchema(() => import("#contract/answers").then((a) => a.companyAnswer));

type CompanyPaymentBody = z.output<typeof companyPaymentBody>;

export const companiesKey = ["companies", "all"] as const;

/** `GET /api/companies?status=&cursor=|page=&limit=` (shop admins): newest first. */
async function getCompanies(
  status: CompanyStatus | undefined,
  position: ListPosition,
  signal?: AbortSignal,
): Promise<ListPage<CompanyListItem>> {
  const params = listParams(position, companiesPageSize);
  if (status) params.set("status", status);
  const response = await apiFetch(`/api/companies?${params}`, { signal });
  return readListPage(response, listSchema, { page: position.page, limit: companiesPageSize });
}

export function useCompanies(status: CompanyStatus | undefined, position: ListPosition) {
  return useQuery({
    queryKey: [...companiesKey, status ?? "all", position],
    queryFn: ({ signal }) => getCompanies(status, position, signal),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH /api/companies/{id}` (shop admins): the decision and the terms. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, terms }: { id: string; terms: CompanyTermsInput }) =>
      apiJson(`/api/companies/${encodeURIComponent(id)}`, companySchema, { method: "PATCH", json: terms }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

const paymentSchema = lazySchema(() => import("#contract/answers").then((a) => a.companyPaymentAnswer));

/** `POST /api/companies/{id}/payments` (shop admins): a transfer received; the account is read again. */
export function useRecordPayment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: CompanyPaymentBody) =>
      apiJson(`/api/companies/${encodeURIComponent(companyId)}/payments`, paymentSchema, {
        method: "POST",
        json: payment,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyAccountKey(companyId) }),
  });
}
