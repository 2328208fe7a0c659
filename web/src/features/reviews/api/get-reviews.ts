import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, lazySchema } from "#web/lib/api";

/** Reviews the home page shows: the newest ones. */
export const homeReviewCount = 6;

/** Reviews as `GET /api/review` sends them (contract/answers.ts); `verified` may be absent. */
const reviewListSchema = lazySchema(() => import("#contract/answers").then((a) => a.reviewListAnswer));

export function reviewsQueryOptions(limit = homeReviewCount) {
  return queryOptions({
    queryKey: ["reviews", "list", { page: 1, limit }],
    // The server sends the newest first.
    queryFn: ({ signal }) => apiJson(`/api/review?page=1&limit=${limit}`, reviewListSchema, { signal }),
  });
}

export function useReviews(limit = homeReviewCount) {
  return useQuery(reviewsQueryOptions(limit));
}
