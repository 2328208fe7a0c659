import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { AlertIcon } from "../../../components/icons";
import { Pagination } from "../../../components/Pagination";
import { Spinner } from "../../../components/Spinner";
import { errorMessage } from "../../../lib/api";
import { useSession } from "../../auth/api/get-session";
import { usersPageSize, useUsers } from "../api/get-users";
import { UserList } from "../components/UserList";

function hrefFor(page: number): string {
  return page === 1 ? "/dashboard/users" : `/dashboard/users?page=${page}`;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** /dashboard/users (admins): every account, with Make Admin for those who are not admins yet. */
export function UsersPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const users = useUsers(page);
  const session = useSession();

  let body: ReactNode;
  if (users.isPending) {
    body = <Spinner label="Loading users…" />;
  } else if (users.isError) {
    body = (
      <div
        role="alert"
        className="rounded-2xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm"
      >
        <AlertIcon className="mx-auto size-10 text-red-700" />
        <h2 className="mt-4 font-semibold text-lg text-navy">We could not load the users</h2>
        <p className="mt-2 text-slate-600">{errorMessage(users.error)}</p>
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => users.refetch()}
          disabled={users.isFetching}
        >
          {users.isFetching ? "Retrying…" : "Retry"}
        </button>
      </div>
    );
  } else if (users.data.users.length === 0) {
    body = (
      <p className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-600 shadow-sm">
        There are no users on page {page}.
      </p>
    );
  } else {
    const { total } = users.data;
    const pageCount = Math.max(1, Math.ceil(total / usersPageSize));
    body = (
      <div aria-busy={users.isPlaceholderData} className={users.isPlaceholderData ? "opacity-60" : ""}>
        <UserList users={users.data.users} currentEmail={session.data?.email ?? ""} />
        {total > usersPageSize && (
          <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} spacing="mt-6" />
        )}
      </div>
    );
  }

  const total = users.data?.total;
  return (
    <section aria-labelledby="users-heading">
      <title>All Users · Car Mechanic</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 id="users-heading" className="font-bold text-2xl text-navy tracking-tight sm:text-3xl">
            All Users
          </h1>
          <p className="mt-1 text-slate-600">
            Everyone with an account. Admins add tools, manage every order and see every profile.
          </p>
        </div>
        {total !== undefined && (
          <p className="text-slate-600 text-sm">
            {total} {total === 1 ? "account" : "accounts"}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
