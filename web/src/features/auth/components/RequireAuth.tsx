import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { AlertIcon } from "#web/components/icons";
import { Spinner } from "#web/components/Spinner";
import { errorMessage } from "#web/lib/api";
import { useSession } from "#web/lib/session/get-session";
import { loginPath } from "#web/lib/session/redirect";

/**
 * Goes to `to` (an absolute path) in place of the current entry once drawn: React Router's
 * <Navigate replace> for an absolute path, without the relative paths' resolving it carries into
 * the vendor chunk every first visit downloads.
 */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/**
 * Login-required pages (spec §2): a visitor goes to /login and comes back afterwards. While the
 * session is checked, the spinner shows (a signed-in user never sees the login page flash). A user
 * whose session ends on the page (Sign Out, or a 401) goes to / instead (spec §4).
 */
export function RequireAuth() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const signedInHere = useRef(false);
  useEffect(() => {
    if (session.data) signedInHere.current = true;
  }, [session.data]);

  if (session.data) return <Outlet />;
  if (session.isPending) return <Spinner label="Checking your sign-in…" />;
  if (session.isError) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <title>Something went wrong · Car Mechanic</title>
        <div
          role="alert"
          className="mx-auto max-w-lg rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
        >
          <AlertIcon className="mx-auto size-10 text-red-700" />
          <h1 className="mt-4 font-bold text-2xl text-navy">We could not check your sign-in</h1>
          <p className="mt-2 text-slate-600">{errorMessage(session.error)}</p>
          <button
            type="button"
            className="btn btn-primary mt-6"
            onClick={() => session.refetch()}
            disabled={session.isFetching}
          >
            {session.isFetching ? "Retrying…" : "Retry"}
          </button>
        </div>
      </div>
    );
  }
  if (signedInHere.current) return <Redirect to="/" />;
  return <Redirect to={loginPath(`${pathname}${search}${hash}`)} />;
}
