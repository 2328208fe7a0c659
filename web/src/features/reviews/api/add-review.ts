import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { reviewSchema } from "#contract/reviews";
import { apiJson, lazySchema } from "#web/lib/api";

export type ReviewFields = z.output<typeof reviewSchema>;

const insertedSchema = lazySchema(() => import("#contract/answers").then((a) => a.insertedAnswer));

/** `POST /api/review` (signed in): the server stores the session's email, not the one sent. */
export async function addReview(review: ReviewFields): Promise<string> {
  const { insertedId } = await apiJson("/api/review", insertedSchema, { method: "POST", json: review });
  return insertedId;
}

/** Add Review: the home page's Reviews show the new one at once. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["reviews"] }),
  });
}
