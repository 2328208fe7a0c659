import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Review } from "#contract/reviews";
import { apiJson } from "#web/lib/api";
import { bodySchema, isNumber, isRecord, isString, listOf } from "#web/lib/parse";

/** Reviews the home page shows: the newest ones. */
export const homeReviewCount = 6;

/** A review as `GET /api/review` sends it (contract/reviews.ts); `verified` may be absent. */
export function parseReview(value: unknown): Review | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, name, description, rating, verified } = value;
  if (!isString(_id) || !isString(name) || !isString(description) || !isNumber(rating)) return undefined;
  if (verified !== undefined && typeof verified !== "boolean") return undefined;
  return { _id, name, description, rating, verified: verified === true };
}

const reviewListSchema = bodySchema(listOf(parseReview));

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
