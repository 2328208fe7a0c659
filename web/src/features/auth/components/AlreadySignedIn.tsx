import { Link } from "#web/components/Link";
import { UserAvatar } from "#web/components/UserAvatar";
import type { SessionUser } from "#web/lib/session/get-session";

/** /login or /signup opened by someone who is signed in already. */
export function AlreadySignedIn({ user, continueTo }: { user: SessionUser; continueTo: string }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <title>You are signed in · Car Mechanic</title>
      <section className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10">
        <UserAvatar image={user.image} size={64} className="mx-auto" />
        <h1 className="mt-5 font-bold text-2xl text-navy tracking-tight">You are signed in</h1>
        <p className="mt-2 break-words text-slate-600">
          Signed in as <span className="font-semibold text-navy">{user.email}</span>.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={continueTo} className="btn btn-primary">
            Continue
          </Link>
          <Link to="/dashboard" className="btn btn-secondary">
            Go to the dashboard
          </Link>
        </div>
      </section>
    </div>
  );
}
