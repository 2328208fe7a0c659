import type { ReactNode } from "react";
import { Pagination } from "./Pagination";

type PagedListProps = {
  /** True while the previous page stays on screen and the next one loads: dimmed and aria-busy. */
  busy: boolean;
  page: number;
  /** Items in the whole list, and how many a page holds: the bar shows only with a second page. */
  total: number;
  pageSize: number;
  /** The address of a page, by its cursor when known. */
  hrefFor: (page: number, cursor?: string) => string;
  /** The cursors of the next and previous pages (the Link header), on a list read by cursor. */
  next?: string | undefined;
  prev?: string | undefined;
  /** Pagination's spacing and hideInert. */
  spacing?: "mt-10" | "mt-6";
  hideInert?: boolean;
  /** The page's items. */
  children: ReactNode;
};

/** A page of a list with the Previous / Next bar under it. */
export function PagedList({
  busy,
  page,
  total,
  pageSize,
  hrefFor,
  spacing,
  hideInert,
  next,
  prev,
  children,
}: PagedListProps) {
  return (
    <div aria-busy={busy} className={busy ? "opacity-60" : ""}>
      {children}
      {(total > pageSize || next !== undefined || page > 1) && (
        <Pagination
          page={page}
          pageCount={Math.max(1, Math.ceil(total / pageSize))}
          hrefFor={hrefFor}
          spacing={spacing}
          hideInert={hideInert}
          cursors={{ next, prev }}
        />
      )}
    </div>
  );
}
