import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { reviewSchema } from "#contract/reviews";
import { apiJson } from "#web/lib/api";
import { bodySchema, isRecord, isString } from "#web/lib/parse";

export type ReviewFields = z.output<typeof reviewSchema>;

const insertedSchema = bodySchema((body) =>
  isRecord(body) && isString(body.insertedId) && body.insertedId
    ? { insertedId: body.insertedId }
    : undefined,
);

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
