import { lazy, Suspense } from "react";
import { NavLink } from "react-router";
import { useSession } from "#web/lib/session/get-session";

const SignedInNav = lazy(async () => ({ default: (await import("./SignedInNav")).SignedInNav }));

/** Keeps the bar's layout steady until the session, or the signed-in items' code, is in. */
const placeholder = <li aria-hidden="true" className="hidden h-11 w-20 md:ml-3 md:block" />;

/**
 * The navigation bar's account items (spec §2): the Login link for visitors; for signed-in users
 * the Dashboard link and their photo opening the profile menu (SignedInNav).
 */
export function AccountNav() {
  const session = useSession();
  const user = session.data;

  if (user === undefined && session.isPending) return placeholder;

  if (!user) {
    return (
      <li className="mt-2 md:mt-0 md:ml-3">
        <NavLink to="/login" className="btn btn-primary w-full md:w-auto">
          Login
        </NavLink>
      </li>
    );
  }

  return (
    <Suspense fallback={placeholder}>
      <SignedInNav user={user} />
    </Suspense>
  );
}
