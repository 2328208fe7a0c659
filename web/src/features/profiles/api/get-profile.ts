import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfileView } from "#contract/answers";
import { ApiError, apiJson, lazySchema } from "#web/lib/api";

/** A profile as the server sends it: email and phone only to its owner and admins. */
export type { ProfileView };

const profileSchema = lazySchema(() => import("#contract/answers").then((a) => a.profileAnswer));

/**
 * `GET /api/myProfile?email=`: that person's profile (the public part unless it is yours or you are
 * an admin); without an email, your own. `null` when there is no profile yet (404).
 */
export async function getProfile(
  email: string | undefined,
  signal?: AbortSignal,
): Promise<ProfileView | null> {
  const query = email ? `?${new URLSearchParams({ email })}` : "";
  try {
    return await apiJson(`/api/myProfile${query}`, profileSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const profilesQueryKey = ["profiles"] as const;

/** `owner`: the email to look up, or `{ mine: userId }` for the signed-in user's own profile. */
export function profileQueryOptions(owner: string | { mine: string }) {
  const email = typeof owner === "string" ? owner : undefined;
  return queryOptions({
    queryKey: [...profilesQueryKey, "one", owner],
    queryFn: ({ signal }) => getProfile(email, signal),
  });
}

export function useProfile(owner: string | { mine: string }, enabled = true) {
  return useQuery({ ...profileQueryOptions(owner), enabled });
}
