import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type SellerBody, sellerAnswer, type TaxRatesBody, taxRatesAnswer } from "#contract/tax";
import { apiJson } from "#web/lib/api";
import { taxQueryKey, taxRatesQueryOptions } from "#web/lib/tax/tax-rates";

// The shop admins' invoicing settings (issue 28): who issues the invoices, and the tax rates.

const sellerKey = ["settings", "seller"] as const;
const taxSettingsKey = [...taxQueryKey, "settings"] as const;

/** `GET /api/settings/seller`: the seller's details, null before they are saved. */
export function useSeller() {
  return useQuery({
    queryKey: sellerKey,
    queryFn: ({ signal }) => apiJson("/api/settings/seller", sellerAnswer, { signal }),
  });
}

/** `PUT /api/settings/seller`: answers the details as saved. */
export function useSaveSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seller: SellerBody) =>
      apiJson("/api/settings/seller", sellerAnswer, { method: "PUT", json: seller }),
    onSuccess: (saved) => queryClient.setQueryData(sellerKey, saved),
  });
}

/** `GET /api/settings/tax`: every rate. */
export function useTaxSettings() {
  return useQuery({
    queryKey: taxSettingsKey,
    queryFn: ({ signal }) => apiJson("/api/settings/tax", taxRatesAnswer, { signal }),
  });
}

/** `PUT /api/settings/tax`: the whole list, replacing the one before; the order forms' rates are read again. */
export function useSaveTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxRatesBody) =>
      apiJson("/api/settings/tax", taxRatesAnswer, { method: "PUT", json: body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(taxSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: taxRatesQueryOptions.queryKey });
    },
  });
}
