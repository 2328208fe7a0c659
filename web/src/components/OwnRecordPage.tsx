import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useSession } from "#web/lib/session/get-session";
import { loginPath } from "#web/lib/session/redirect";
import { EmptyState } from "./EmptyState";
import { QueryState } from "./QueryState";
import { Spinner } from "./Spinner";

type OwnRecordPageProps<T> = {
  /** What the page shows ("Profile"): its eyebrow, and the word in its title and messages. */
  noun: "Profile" | "Portfolio";
  /** The heading over someone else's record. */
  othersHeading: string;
  /** The icon of the empty states. */
  icon: ReactNode;
  /** Someone's record by email (lower case); null while they have none. */
  useRecord: (email: string) => UseQueryResult<T | null>;
  /** Someone's record, once loaded. */
  renderRecord: (record: T) => ReactNode;
  /** The signed-in user's own record (it loads, edits and creates itself). */
  renderOwn: (userId: string) => ReactNode;
};

type SomeonesRecordProps<T> = Pick<OwnRecordPageProps<T>, "icon" | "useRecord" | "renderRecord"> & {
  noun: string;
  email: string;
};

/** Someone's record, by email. */
function SomeonesRecord<T>({ noun, icon, email, useRecord, renderRecord }: SomeonesRecordProps<T>) {
  const record = useRecord(email.toLowerCase());
  return (
    <QueryState
      query={record}
      pending={<Spinner label={`Loading the ${noun}…`} />}
      errorTitle={`We could not load this ${noun}`}
    >
      {(data) =>
        data ? (
          renderRecord(data)
        ) : (
          <EmptyState icon={icon} title={`No ${noun} here`}>
            {`This person has not created a ${noun} yet.`}
          </EmptyState>
        )
      }
    </QueryState>
  );
}

/**
 * The page of a record each user keeps one of (a profile, a portfolio): the signed-in user's own
 * (from the profile menu), or with `?email=` someone else's. Visitors are asked to sign in for their own.
 */
export function OwnRecordPage<T>({
  noun,
  othersHeading,
  icon,
  renderOwn,
  ...someones
}: OwnRecordPageProps<T>) {
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
    body = <SomeonesRecord noun={word} icon={icon} email={email} {...someones} />;
  } else if (session.isPending) {
    body = <Spinner label={`Loading your ${word}…`} />;
  } else if (user) {
    body = renderOwn(user.id);
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
        {own ? `Your ${noun}` : othersHeading}
      </h1>
      {body}
    </div>
  );
}
