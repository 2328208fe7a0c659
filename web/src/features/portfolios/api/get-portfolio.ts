import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Portfolio } from "#contract/profiles";
import { ApiError, apiJson, lazySchema } from "#web/lib/api";

const portfolioSchema = lazySchema(() => import("#contract/answers").then((a) => a.portfolioAnswer));

/**
 * `GET /api/myPortfolio?email=`: that person's portfolio (the email only for its owner and admins);
 * without an email, your own. `null` when there is none yet (404).
 */
export async function getPortfolio(
  email: string | undefined,
  signal?: AbortSignal,
): Promise<Portfolio | null> {
  const query = email ? `?${new URLSearchParams({ email })}` : "";
  try {
    return await apiJson(`/api/myPortfolio${query}`, portfolioSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const portfoliosQueryKey = ["portfolios"] as const;

/** `owner`: the email to look up, or `{ mine: userId }` for the signed-in user's own portfolio. */
export function portfolioQueryOptions(owner: string | { mine: string }) {
  const email = typeof owner === "string" ? owner : undefined;
  return queryOptions({
    queryKey: [...portfoliosQueryKey, "one", owner],
    queryFn: ({ signal }) => getPortfolio(email, signal),
  });
}

export function usePortfolio(owner: string | { mine: string }, enabled = true) {
  return useQuery({ ...portfolioQueryOptions(owner), enabled });
}
