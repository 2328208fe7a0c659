import type { ComponentType, ReactNode } from "react";
import { type RecordOwner, type RecordReader, useOwnRecord } from "#web/lib/records/own-record";
import { type SessionUser, useSession } from "#web/lib/session/get-session";
import { PencilIcon } from "./dashboard-icons";
import { EmptyState } from "./EmptyState";
import { Link } from "./Link";
import { PanelHeading } from "./PanelHeading";
import { QueryState } from "./QueryState";
import { Spinner } from "./Spinner";

/**
 * The screens of a record each user keeps one of (a profile, a portfolio: contract/profiles.ts's
 * OwnRecordKind), told apart only by this: its kind, icon, paths, card, form and sentences.
 */
export type OwnRecordScreens<T extends { _id: string }> = {
  /** Its kind (contract/profiles.ts): the word on screen (`noun`, in lower case in sentences), its path and answer. */
  kind: RecordReader<T>;
  /** The icon of the empty states. */
  icon: ReactNode;
  /** The dashboard's page of the user's own record (its form's is `/dashboard/create<noun>`). */
  ownPath: string;
  /** A record, with links under it (Edit). */
  card: (record: T, actions?: ReactNode) => ReactNode;
  /** The form, starting from the user's record when they have one. */
  Form: ComponentType<{ user: SessionUser; existing: T | null }>;
  /** The heading over someone else's record. */
  othersHeading: string;
  /** Under "You have no <noun> yet". */
  noneYet: string;
  /** Under the headings of the user's own page and of the form (while they have none). */
  ownIntro: string;
  formIntro: string;
};

type ScreensProps<T extends { _id: string }> = { screens: OwnRecordScreens<T> };

/**
 * Someone's record by email, or the signed-in user's own (`{ mine: userId }`) with Edit, or a way to
 * create it while they have none; loading and error states too.
 */
export function RecordOf<T extends { _id: string }>({
  screens,
  owner,
}: ScreensProps<T> & { owner: RecordOwner }) {
  const { icon } = screens;
  const { noun } = screens.kind;
  const formPath = `/dashboard/create${noun}`;
  const word = noun.toLowerCase();
  const mine = typeof owner !== "string";
  const record = useOwnRecord(screens.kind, owner);
  const none = mine ? (
    <EmptyState
      icon={icon}
      title={`You have no ${word} yet`}
      action={
        <Link to={formPath} className="btn btn-primary">
          Create {noun}
        </Link>
      }
    >
      {screens.noneYet}
    </EmptyState>
  ) : (
    <EmptyState icon={icon} title={`No ${word} here`}>
      {`This person has not created a ${word} yet.`}
    </EmptyState>
  );
  const edit = mine && (
    <Link to={formPath} className="btn btn-secondary">
      <PencilIcon className="size-4" />
      Edit {word}
    </Link>
  );
  return (
    <QueryState
      query={record}
      pending={<Spinner label={mine ? `Loading your ${word}…` : `Loading the ${word}…`} />}
      errorTitle={mine ? `We could not load your ${word}` : `We could not load this ${word}`}
    >
      {(data) => (data ? screens.card(data, edit || undefined) : none)}
    </QueryState>
  );
}

/** The dashboard's page of the signed-in user's own record (My Profile, My Portfolio). */
export function MyRecordPage<T extends { _id: string }>({ screens }: ScreensProps<T>) {
  const user = useSession().data;
  const { noun } = screens.kind;
  const word = noun.toLowerCase();
  return (
    <section aria-labelledby={`my-${word}-heading`} className="max-w-3xl">
      <title>{`My ${noun} · Car Mechanic`}</title>
      <PanelHeading id={`my-${word}-heading`} title={`My ${noun}`}>
        {screens.ownIntro}
      </PanelHeading>
      {user ? (
        <RecordOf screens={screens} owner={{ mine: user.id }} />
      ) : (
        <Spinner label={`Loading your ${word}…`} />
      )}
    </section>
  );
}

/** The dashboard's form page (Create Profile, Create Portfolio): creates the record, or edits it. */
export function CreateRecordPage<T extends { _id: string }>({ screens }: ScreensProps<T>) {
  const user = useSession().data;
  const { noun } = screens.kind;
  const word = noun.toLowerCase();
  const record = useOwnRecord(screens.kind, { mine: user?.id ?? "" }, Boolean(user));
  // Until the session is in, the query waits (disabled) and the spinner shows.
  const pending = <Spinner label={`Loading your ${word}…`} />;

  return (
    <section aria-labelledby={`create-${word}-heading`} className="max-w-3xl">
      <title>{`Create ${noun} · Car Mechanic`}</title>
      <PanelHeading
        id={`create-${word}-heading`}
        title={`Create ${noun}`}
        aside={
          record.data && (
            <Link to={screens.ownPath} className="font-semibold text-accent-dark text-sm hover:underline">
              View my {word}
            </Link>
          )
        }
      >
        {record.data
          ? `You already have a ${word}: change what you need and save to update it.`
          : screens.formIntro}
      </PanelHeading>
      <QueryState query={record} pending={pending} errorTitle={`We could not load your ${word}`}>
        {(existing) =>
          user ? <screens.Form key={existing?._id ?? "new"} user={user} existing={existing} /> : pending
        }
      </QueryState>
    </section>
  );
}
