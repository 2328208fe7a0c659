import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicProfile } from "#contract/profiles";
import { ApiError, apiJson } from "#web/lib/api";
import { bodySchema, isRecord, isString } from "#web/lib/parse";

/** A profile as the server sends it: email and phone only to its owner and admins. */
export type ProfileView = PublicProfile & { email?: string; phone?: string };

export function parseProfile(value: unknown): ProfileView | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, name, img, education, location, linkedIn, email, phone } = value;
  if (![_id, name, img, education, location, linkedIn].every(isString)) return undefined;
  if ((email !== undefined && !isString(email)) || (phone !== undefined && !isString(phone)))
    return undefined;
  return {
    _id: _id as string,
    name: name as string,
    img: img as string,
    education: education as string,
    location: location as string,
    linkedIn: linkedIn as string,
    ...(isString(email) ? { email } : {}),
    ...(isString(phone) ? { phone } : {}),
  };
}

const profileSchema = bodySchema(parseProfile);

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
