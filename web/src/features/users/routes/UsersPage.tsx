import { ListCount } from "#web/components/ListCount";
import { PagedList } from "#web/components/PagedList";
import { PanelHeading } from "#web/components/PanelHeading";
import { PastLastPage } from "#web/components/PastLastPage";
import { QueryState } from "#web/components/QueryState";
import { Spinner } from "#web/components/Spinner";
import { UsersIcon } from "#web/components/shop-icons";
import { pageHref, parseListPosition } from "#web/lib/paging/page-param";
import { useSearchParams } from "#web/lib/routing/search-params";
import { useSession } from "#web/lib/session/get-session";
import { usersPageSize, useUsers } from "../api/get-users";
import { UserList } from "../components/UserList";

const path = "/dashboard/users";

/** /dashboard/users (admins): every account, with Make Admin for those who are not admins yet. */
export function UsersPage() {
  const [searchParams] = useSearchParams();
  const position = parseListPosition(searchParams);
  const { page } = position;
  const users = useUsers(position);
  const session = useSession();

  return (
    <section aria-labelledby="users-heading">
      <title>All Users · Car Mechanic</title>
      <PanelHeading
        id="users-heading"
        title="All Users"
        aside={<ListCount total={users.data?.total} noun="account" />}
      >
        Everyone with an account. Admins add tools, manage every order and see every profile.
      </PanelHeading>
      <QueryState
        query={users}
        pending={<Spinner label="Loading users…" />}
        errorTitle="We could not load the users"
        empty={(data) =>
          data.users.length === 0 && (
            <PastLastPage
              page={page}
              items="users"
              firstPageHref={pageHref(path, undefined, 1)}
              icon={UsersIcon}
            />
          )
        }
      >
        {(data) => (
          <PagedList
            busy={users.isPlaceholderData}
            page={page}
            total={data.total}
            pageSize={usersPageSize}
            hrefFor={(target, cursor) => pageHref(path, undefined, target, cursor)}
            next={data.next}
            prev={data.prev}
            spacing="mt-6"
          >
            <UserList users={data.users} currentEmail={session.data?.email ?? ""} />
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
