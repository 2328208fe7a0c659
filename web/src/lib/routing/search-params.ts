import { useMemo } from "react";
import { useLocation } from "react-router";

/**
 * The current address's query, read-only: what the pages ask of React Router's useSearchParams,
 * without its setter (and the code behind it), which lived in the vendor chunk every first visit
 * downloads although no page of a first visit reads a query.
 */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}
