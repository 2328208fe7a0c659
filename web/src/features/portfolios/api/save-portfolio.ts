import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { portfolioSchema, SavedResponse } from "#contract/profiles";
import { apiJson } from "#web/lib/api";
import { savedSchema } from "#web/lib/records/saved-response";
import { portfoliosQueryKey } from "./get-portfolio";

export type PortfolioFields = z.output<typeof portfolioSchema>;

/**
 * `POST /api/myPortfolio` (signed in): creates the user's portfolio, or updates it when there is one.
 * Signed out, the server answers 401 "No user is logged in".
 */
export async function savePortfolio(portfolio: PortfolioFields): Promise<SavedResponse> {
  return apiJson("/api/myPortfolio", savedSchema, { method: "POST", json: portfolio });
}

export function useSavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePortfolio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfoliosQueryKey }),
  });
}
