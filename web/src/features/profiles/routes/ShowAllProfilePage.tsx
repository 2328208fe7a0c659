import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState";
import { LoadError } from "../../../components/LoadError";
import { Pagination } from "../../../components/Pagination";
import { PanelHeading } from "../../../components/PanelHeading";
import { Spinner } from "../../../components/Spinner";
import { UsersIcon } from "../../../components/shop-icons";
import { profilesPageSize, useAllProfiles } from "../api/get-all-profiles";
import { ProfileCard } from "../components/ProfileCard";

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

const hrefFor = (page: number) =>
  page === 1 ? "/dashboard/showAllProfile" : `/dashboard/showAllProfile?page=${page}`;

/** /dashboard/showAllProfile (admins): every profile, newest first, with email and phone. */
export function ShowAllProfilePage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const profiles = useAllProfiles(page);

  let body: ReactNode;
  if (profiles.isPending) {
    body = <Spinner label="Loading profiles…" />;
  } else if (profiles.isError) {
    body = (
      <LoadError
        title="We could not load the profiles"
        error={profiles.error}
        onRetry={() => profiles.refetch()}
        retrying={profiles.isFetching}
      />
    );
  } else if (profiles.data.profiles.length === 0) {
    body = (
      <EmptyState
        icon={<UsersIcon className="size-7" />}
        title={page > 1 ? `There are no profiles on page ${page}` : "No profiles yet"}
        action={
          page > 1 && (
            <Link to={hrefFor(1)} className="btn btn-primary">
              Go to the first page
            </Link>
          )
        }
      >
        {page > 1 ? "The list has fewer pages than that." : "Profiles appear here as users create them."}
      </EmptyState>
    );
  } else {
    const { profiles: list, total } = profiles.data;
    const pageCount = Math.max(1, Math.ceil(total / profilesPageSize));
    body = (
      <div aria-busy={profiles.isPlaceholderData} className={profiles.isPlaceholderData ? "opacity-60" : ""}>
        <ul aria-label="Profiles" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((profile) => (
            <li key={profile._id}>
              <ProfileCard profile={profile} variant="compact" />
            </li>
          ))}
        </ul>
        {total > profilesPageSize && <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />}
      </div>
    );
  }

  const total = profiles.data?.total;
  return (
    <section aria-labelledby="all-profiles-heading">
      <title>Show All Profile · Car Mechanic</title>
      <PanelHeading
        id="all-profiles-heading"
        title="Show All Profile"
        aside={
          total !== undefined && (
            <p className="text-slate-600 text-sm">
              {total} {total === 1 ? "profile" : "profiles"}
            </p>
          )
        }
      >
        Every profile users have created, newest first, with their contact details.
      </PanelHeading>
      {body}
    </section>
  );
}
