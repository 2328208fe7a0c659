import { EmptyState } from "#web/components/EmptyState";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { UsersIcon } from "#web/components/shop-icons";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { profilesPageSize, useAllProfiles } from "../api/get-all-profiles";
import { ProfileCard } from "../components/ProfileCard";

const hrefFor = (page: number, cursor?: string) =>
  pageHref("/dashboard/showAllProfile", undefined, page, cursor);

/** /dashboard/showAllProfile (admins): every profile, newest first, with email and phone. */
export function ShowAllProfilePage() {
  const [searchParams] = useSearchParams();
  const position = parseListPosition(searchParams);
  const { page } = position;
  const profiles = useAllProfiles(position);

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
      <QueryState
        query={profiles}
        pending={<Spinner label="Loading profiles…" />}
        errorTitle="We could not load the profiles"
        empty={(data) =>
          data.profiles.length === 0 && (
            <PastLastPage page={page} items="profiles" firstPageHref={hrefFor(1)} icon={UsersIcon}>
              <EmptyState icon={<UsersIcon className="size-7" />} title="No profiles yet">
                Profiles appear here as users create them.
              </EmptyState>
            </PastLastPage>
          )
        }
      >
        {({ profiles: list, total, next, prev }) => (
          <PagedList
            busy={profiles.isPlaceholderData}
            page={page}
            total={total}
            pageSize={profilesPageSize}
            hrefFor={hrefFor}
            next={next}
            prev={prev}
          >
            <ul aria-label="Profiles" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((profile) => (
                <li key={profile._id}>
                  <ProfileCard profile={profile} variant="compact" />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
