import { useSession } from "./get-session";

/**
 * Whether the signed-in user is an admin: the role the server keeps on the account, read with the
 * session (Better Auth's get-session reads the user's row on every call). `undefined` while the
 * session is still loading. The server checks the role again on every admin call.
 */
export function useAdmin(): { isAdmin: boolean | undefined; isPending: boolean } {
  const session = useSession();
  if (session.data === undefined) return { isAdmin: undefined, isPending: session.isPending };
  return { isAdmin: session.data?.role === "admin", isPending: false };
}
