import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../api";
import { bodySchema, isRecord, isString } from "../parse";
import { forgetSignedInHint } from "./signed-in-hint";

/** The signed-in user as Better Auth's get-session reports it (the fields the web app uses). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  /** The photo URL, or null when the account has none. */
  image: string | null;
  role: string | null;
  /** The address was proved (the emailed link, or the identity provider said so). */
  emailVerified: boolean;
};

/**
 * `null` when nobody is signed in (a 200, not a 401). Parsed by hand, not with zod: every page
 * asks for the session, and zod would be most of the first page's code.
 */
function parseSession(value: unknown): SessionUser | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isRecord(value.user)) return undefined;
  const { id, name, email, image, role, emailVerified } = value.user;
  if (!isString(id) || !isString(name) || !isString(email)) return undefined;
  return {
    id,
    name,
    email,
    image: isString(image) && image !== "" ? image : null,
    role: isString(role) ? role : null,
    emailVerified: emailVerified === true,
  };
}

const sessionSchema = bodySchema(parseSession);

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
