import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionUser } from "#contract/answers";
import { apiJson, type BodySchema, lazySchema } from "../api";
import { forgetSignedInHint } from "./signed-in-hint";

/** The signed-in user as Better Auth's get-session reports it (the fields the web app uses). */
export type { SessionUser };

const signedInSchema = lazySchema(() => import("#contract/answers").then((a) => a.sessionAnswer));

/**
 * `null` when nobody is signed in (a 200, not a 401): the answer of every visitor's first visit,
 * read without loading the schema (zod would be the largest code that visit loads).
 */
const sessionSchema: BodySchema<SessionUser | null> = {
  safeParse: (body) => (body === null ? { success: true, data: null } : signedInSchema.safeParse(body)),
};

export const sessionQueryKey = ["auth", "session"] as const;

export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const user = await apiJson("/api/auth/get-session", sessionSchema, { signal });
  if (user === null) forgetSignedInHint();
  return user;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
});

/** Who is signed in: `data` is the user, `null` for a visitor, undefined while the first check runs. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Reads the session from the server now (after sign-in or sign-up) and keeps it. */
export function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/**
 * Forgets the signed-in user on this page: the session becomes null and every other cached answer
 * (any of them may be the user's own data) is dropped. The shop's sign-in options stay.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      !(queryKey[0] === "auth" && (queryKey[1] === "session" || queryKey[1] === "options")),
  });
  queryClient.setQueryData(sessionQueryKey, null);
  forgetSignedInHint();
}
