import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";

const inert = "btn btn-secondary pointer-events-none opacity-50";

function hrefFor(page: number): string {
  return page === 1 ? "/dashboard/users" : `/dashboard/users?page=${page}`;
}

/** Previous / Next between pages of users (`?page=`), with the position in between. */
export function UsersPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const previous = page > 1 ? Math.min(page - 1, pageCount) : undefined;
  const next = page < pageCount ? page + 1 : undefined;
  return (
    <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
      {previous ? (
        <Link to={hrefFor(previous)} className="btn btn-secondary" rel="prev">
          <ChevronLeftIcon />
          Previous
        </Link>
      ) : (
        <span className={inert}>
          <ChevronLeftIcon />
          Previous
        </span>
      )}
      <p className="text-slate-600 text-sm">
        Page <span className="font-semibold text-navy">{page}</span> of{" "}
        <span className="font-semibold text-navy">{pageCount}</span>
      </p>
      {next ? (
        <Link to={hrefFor(next)} className="btn btn-secondary" rel="next">
          Next
          <ChevronRightIcon />
        </Link>
      ) : (
        <span className={inert}>
          Next
          <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
