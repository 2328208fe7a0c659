import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { loginPath } from "#web/lib/session/redirect";
import { EmptyState } from "./EmptyState";
import { Link } from "./Link";
import { type OwnRecordScreens, RecordOf } from "./OwnRecordScreens";
import { Spinner } from "./Spinner";

/**
 * The page of a record each user keeps one of (a profile, a portfolio): the signed-in user's own
 * (from the profile menu), or with `?email=` someone else's. Visitors are asked to sign in for their own.
 */
export function OwnRecordPage<T extends { _id: string }>({ screens }: { screens: OwnRecordScreens<T> }) {
  const { icon } = screens;
  const { noun } = screens.kind;
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim() || undefined;
  const session = useSession();
  const { pathname, search } = useLocation();
  const user = session.data;
  const own =
    !email || (user !== undefined && user !== null && user.email.toLowerCase() === email.toLowerCase());
  const word = noun.toLowerCase();

  let body: ReactNode;
  if (!own && email) {
    body = <RecordOf screens={screens} owner={email.toLowerCase()} />;
  } else if (session.isPending) {
    body = <Spinner label={`Loading your ${word}…`} />;
  } else if (user) {
    body = <RecordOf screens={screens} owner={{ mine: user.id }} />;
  } else {
    body = (
      <EmptyState
        icon={icon}
        title={`Sign in to see your ${word}`}
        action={
          <Link to={loginPath(`${pathname}${search}`)} className="btn btn-primary">
            Login
          </Link>
        }
      >
        {`Your ${word} lives in your account. Log in, or sign up to create one.`}
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{own ? `Your ${noun} · Car Mechanic` : `${noun} · Car Mechanic`}</title>
      <p className="eyebrow">{noun}</p>
      <h1 className="mt-2 mb-8 font-bold text-3xl text-navy tracking-tight sm:text-4xl">
        {own ? `Your ${noun}` : screens.othersHeading}
      </h1>
      {body}
    </div>
  );
}
