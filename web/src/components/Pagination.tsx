import type { ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { Link } from "./Link";

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page (keeps the rest of the query string), by its cursor when known. */
  hrefFor: (page: number, cursor?: string) => string;
  /**
   * The cursors of the Link header, on a list read by cursor: Next follows `next` (and shows only
   * with one, or while the count says more pages follow); Previous follows `prev`.
   */
  cursors?: { next?: string | undefined; prev?: string | undefined };
  /** Space above the bar: mt-10 under a grid of cards, mt-6 under a list or table. */
  spacing?: "mt-10" | "mt-6";
  /** Hides the greyed-out Previous / Next (first or last page) from assistive technology. */
  hideInert?: boolean;
};

/** Previous / Next links between pages of a list, with the position in between. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  spacing = "mt-10",
  hideInert = false,
  cursors,
}: PaginationProps) {
  const previous =
    page <= 1
      ? undefined
      : cursors?.prev
        ? hrefFor(page - 1, cursors.prev)
        : hrefFor(Math.min(page - 1, pageCount));
  const next = cursors?.next
    ? hrefFor(page + 1, cursors.next)
    : page < pageCount
      ? hrefFor(page + 1)
      : undefined;
  return (
    <nav aria-label="Pagination" className={`${spacing} flex items-center justify-between gap-4`}>
      <Step to={previous} rel="prev" hideInert={hideInert}>
        <ChevronLeftIcon />
        Previous
      </Step>
      <p className="text-sm text-slate-600">
        Page <span className="font-semibold text-navy">{page}</span> of{" "}
        <span className="font-semibold text-navy">{Math.max(page, pageCount)}</span>
      </p>
      <Step to={next} rel="next" hideInert={hideInert}>
        Next
        <ChevronRightIcon />
      </Step>
    </nav>
  );
}

type StepProps = { to: string | undefined; rel: "prev" | "next"; hideInert: boolean; children: ReactNode };

/**
 * A link to the previous or next page, or a greyed-out stand-in where there is none (greyed by its
 * colours, not by opacity, so its text keeps a readable contrast).
 */
function Step({ to, rel, hideInert, children }: StepProps) {
  return to !== undefined ? (
    <Link to={to} className="btn btn-secondary" rel={rel}>
      {children}
    </Link>
  ) : (
    <span
      className="btn btn-secondary pointer-events-none border-slate-200 text-slate-500 shadow-none"
      aria-hidden={hideInert || undefined}
    >
      {children}
    </span>
  );
}
