import { Outlet } from "react-router";
import { LockIcon } from "#web/components/auth-icons";
import { Link } from "#web/components/Link";
import { Spinner } from "#web/components/Spinner";
import { useAdmin } from "#web/lib/session/use-admin";

/**
 * Admin screens of the dashboard. The server refuses their calls to anyone else (403); the client
 * refuses the screens too, with a clear panel instead of a page that cannot work.
 */
export function RequireAdmin() {
  const { isAdmin } = useAdmin();
  if (isAdmin === undefined) return <Spinner label="Checking your access…" />;
  if (isAdmin) return <Outlet />;
  return (
    <section
      aria-labelledby="admins-only-heading"
      className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12"
    >
      <title>Admins only · Car Mechanic</title>
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-steel ring-1 ring-slate-200">
        <LockIcon className="size-7" />
      </span>
      <h1 id="admins-only-heading" className="mt-5 font-bold text-2xl text-navy tracking-tight sm:text-3xl">
        Admins only
      </h1>
      <p className="mx-auto mt-3 max-w-prose text-slate-600">
        This screen is for the shop's admins, and your account is not an admin account. If you think it should
        be, ask an admin of the shop to make you one.
      </p>
      <div className="mt-8 flex justify-center">
        <Link to="/dashboard" className="btn btn-primary">
          Back to My Orders
        </Link>
      </div>
    </section>
  );
}
