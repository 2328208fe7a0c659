import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The address of a page (keeps the rest of the query string). */
  hrefFor: (page: number) => string;
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
}: PaginationProps) {
  const previous = page > 1 ? hrefFor(Math.min(page - 1, pageCount)) : undefined;
  const next = page < pageCount ? hrefFor(page + 1) : undefined;
  return (
    <nav aria-label="Pagination" className={`${spacing} flex items-center justify-between gap-4`}>
      <Step to={previous} rel="prev" hideInert={hideInert}>
        <ChevronLeftIcon />
        Previous
      </Step>
      <p className="text-sm text-slate-600">
        Page <span className="font-semibold text-navy">{page}</span> of{" "}
        <span className="font-semibold text-navy">{pageCount}</span>
      </p>
      <Step to={next} rel="next" hideInert={hideInert}>
        Next
        <ChevronRightIcon />
      </Step>
    </nav>
  );
}

type StepProps = { to: string | undefined; rel: "prev" | "next"; hideInert: boolean; children: ReactNode };

/** A link to the previous or next page, or a greyed-out stand-in where there is none. */
function Step({ to, rel, hideInert, children }: StepProps) {
  return to !== undefined ? (
    <Link to={to} className="btn btn-secondary" rel={rel}>
      {children}
    </Link>
  ) : (
    <span className="btn btn-secondary pointer-events-none opacity-50" aria-hidden={hideInert || undefined}>
      {children}
    </span>
  );
}
