import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, lazySchema } from "../api";
import { useSession } from "../session/get-session";

// What the signed-in buyer's company changes for them (issue 27), shared by the features that show
// prices and take orders: the company's discount, whether a PO number is required, whether they may
// pay on account. Read from `/api/companies/mine` only once someone is signed in, after hydration:
// public pages rendered on the server never carry a company's price.

const myCompanySchema = lazySchema(() => import("#contract/answers").then((a) => a.myCompanyAnswer));

export const myCompanyKey = ["companies", "mine"] as const;

export const myCompanyQueryOptions = queryOptions({
  queryKey: myCompanyKey,
  queryFn: ({ signal }) => apiJson("/api/companies/mine", myCompanySchema, { signal }),
});

export type BuyingTerms = {
  companyId: string;
  companyName: string;
  role: "admin" | "buyer";
  discountPercent: number;
  poRequired: boolean;
  /** 0: card only; else the days after shipping an on-account order is due. */
  paymentTermsDays: number;
  /** Tax-exempt (issue 28): why; null when its orders are taxed. */
  taxExemptReason: string | null;
};

/**
 * The signed-in buyer's terms when they belong to an APPROVED company; null for a visitor or a buyer
 * without one; undefined while that is being read.
 */
export function useBuyingTerms(): BuyingTerms | null | undefined {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const mine = useQuery({ ...myCompanyQueryOptions, enabled: signedIn });
  if (session.data === null) return null;
  if (!mine.data) return mine.isError ? null : undefined;
  const { company, role } = mine.data;
  if (!company || !role || company.status !== "approved") return null;
  return {
    companyId: company._id,
    companyName: company.name,
    role,
    discountPercent: company.discountPercent,
    poRequired: company.poRequired,
    paymentTermsDays: company.paymentTermsDays,
    taxExemptReason: company.taxExemptReason,
  };
}
