import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page (keeps the rest of the query string). */
  hrefFor: (page: number) => string;
};

const inert = "btn btn-secondary pointer-events-none opacity-50";

/** Previous / Next links between pages of a list, with the position in between. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const previous = page > 1 ? Math.min(page - 1, pageCount) : undefined;
  const next = page < pageCount ? page + 1 : undefined;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
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
      <p className="text-sm text-slate-600">
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
