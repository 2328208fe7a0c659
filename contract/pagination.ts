import { z } from "zod";
import { maxPageSize } from "./paging";

export { maxPageSize, totalCountHeader } from "./paging";

/** `?page=&limit=` on every list that can grow. Lists stay arrays; the total is in X-Total-Count. */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(100_000, "page is too large")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(maxPageSize, `limit must be at most ${maxPageSize}`)
    .default(24),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * `?cursor=` next to `?page=&limit=` on lists read by cursor: the opaque token of a Link header's
 * `rel="next"` or `rel="prev"` (the server checks it; page is then ignored).
 */
export const listQuery = pageQuery.extend({
  cursor: z.string().min(1, "That cursor is not valid").max(1000, "That cursor is not valid").optional(),
});
export type ListQuery = z.infer<typeof listQuery>;
