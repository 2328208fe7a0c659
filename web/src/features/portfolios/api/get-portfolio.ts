import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Portfolio } from "#contract/profiles";
import { ApiError, apiJson } from "#web/lib/api";
import { bodySchema, isRecord, isString } from "#web/lib/parse";

export function parsePortfolio(value: unknown): Portfolio | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, name, email, education, skill, project1, project2, project3, img } = value;
  if (![_id, name, education, skill, project1, project2, project3, img].every(isString)) return undefined;
  if (email !== undefined && !isString(email)) return undefined;
  return {
    _id: _id as string,
    name: name as string,
    education: education as string,
    skill: skill as string,
    project1: project1 as string,
    project2: project2 as string,
    project3: project3 as string,
    img: img as string,
    ...(isString(email) ? { email } : {}),
  };
}

const portfolioSchema = bodySchema(parsePortfolio);

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
