import { queryOptions, useQuery } from "@tanstack/react-query";
import { taxRatesAnswer } from "#contract/tax";
import { apiJson } from "../api";
import { useHydrated } from "../use-hydrated";

/** Every tax answer of the web app (the public rates, the admins' settings): refresh after a change. */
export const taxQueryKey = ["tax"] as const;

export const taxRatesQueryOptions = queryOptions({
  queryKey: [...taxQueryKey, "rates"],
  queryFn: ({ signal }) => apiJson("/api/tax/rates", taxRatesAnswer, { signal }),
  staleTime: 5 * 60_000,
});

/**
 * `GET /api/tax/rates` (anyone): the rates the order forms show the tax with. Read after hydration
 * only: a page drawn on the server shows no tax line, it appears once the page is live.
 */
export function useTaxRates() {
  const hydrated = useHydrated();
  return useQuery({ ...taxRatesQueryOptions, enabled: hydrated });
}
