import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isNotFound } from "#web/lib/api";
import { LoadError, type LoadErrorProps } from "./LoadError";

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** Shown until the first answer is in (a Spinner with its label). */
  pending: ReactNode;
  /** The error panel's title: "We could not load the tools". */
  errorTitle: string;
  /** Where the error panel sits: its heading level, size and width. */
  errorPanel?: Pick<LoadErrorProps, "headingLevel" | "size" | "className">;
  /** Shown instead of the error panel when the thing asked for does not exist (404, or 400). */
  notFound?: ReactNode;
  /** The panel that says there is nothing to show, for data that holds nothing; falsy otherwise. */
  empty?: (data: T) => ReactNode;
  /** The data, shown. */
  children: (data: T) => ReactNode;
};

/**
 * The states of a query in one place: loading, failed (with Retry), not found, empty, and the
 * data. Paging keeps showing the previous page's data (placeholder data) until the next arrives.
 */
export function QueryState<T>({
  query,
  pending,
  errorTitle,
  errorPanel,
  notFound,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return pending;
  if (query.isError) {
    if (notFound !== undefined && isNotFound(query.error)) return notFound;
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
        {...errorPanel}
      />
    );
  }
  return empty?.(query.data) || children(query.data);
}
