import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "#web/lib/api";

/** Client errors (4xx) will not fix themselves: only network failures and 5xx are retried, twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
