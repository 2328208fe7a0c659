import { useQuery } from "@tanstack/react-query";
import { apiJson, lazySchema } from "../api";

// A company's account (issue 27), read by its admins (company page) and the shop's admins (companies
// page): `GET /api/companies/{id}/balance` and `/statement`.

const balanceSchema = lazySchema(() => import("#contract/answers").then((a) => a.companyBalanceAnswer));
const statementSchema = lazySchema(() => import("#contract/answers").then((a) => a.statementAnswer));

/** Everything read of a company's account; a recorded payment refreshes it. */
export const companyAccountKey = (companyId: string) => ["companies", "account", companyId] as const;

const companyPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}`;

/** The balance, credit, what is due when, and the payments received. */
export function useCompanyBalance(companyId: string) {
  return useQuery({
    queryKey: [...companyAccountKey(companyId), "balance"],
    queryFn: ({ signal }) => apiJson(`${companyPath(companyId)}/balance`, balanceSchema, { signal }),
    // Shipping and payments change it elsewhere: read it again whenever it is shown.
    staleTime: 0,
  });
}

/** The statement, oldest first, with its running balance. */
export function useCompanyStatement(companyId: string) {
  return useQuery({
    queryKey: [...companyAccountKey(companyId), "statement"],
    queryFn: ({ signal }) => apiJson(`${companyPath(companyId)}/statement`, statementSchema, { signal }),
    staleTime: 0,
  });
}
