import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { OwnRecordKind, SavedResponse } from "#contract/profiles";
import { ApiError, apiJson } from "../api";
import { savedSchema } from "./saved-response";

// A record each user keeps one of (a profile, a portfolio: contract/profiles.ts's OwnRecordKind),
// read and saved the same way whichever kind it is, its answer checked with the kind's schema in
// contract/answers.ts.

/** `owner`: the email to look up, or `{ mine: userId }` for the signed-in user's own. */
export type RecordOwner = string | { mine: string };

/** Every query of a kind's records ("profiles", "portfolios"), to invalidate once one is saved. */
export const recordsQueryKey = (kind: Pick<OwnRecordKind, "noun">) =>
  [`${kind.noun.toLowerCase()}s`] as const;

/**
 * `GET <kind.path>?email=`: that person's record (the public part unless it is yours or you are an
 * admin); without an email, your own. `null` when there is none yet (404).
 */
/** What reading a kind's records needs of it. */
export type RecordReader<View extends { _id: string }> = Pick<
  OwnRecordKind<z.ZodRawShape, string, View>,
  "noun" | "path" | "answer"
>;

export function ownRecordQueryOptions<View extends { _id: string }>(
  kind: RecordReader<View>,
  owner: RecordOwner,
) {
  const query = typeof owner === "string" ? `?${new URLSearchParams({ email: owner })}` : "";
  return queryOptions({
    queryKey: [...recordsQueryKey(kind), "one", owner],
    queryFn: async ({ signal }) => {
      try {
        return await apiJson(`${kind.path}${query}`, kind.answer, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useOwnRecord<View extends { _id: string }>(
  kind: RecordReader<View>,
  owner: RecordOwner,
  enabled = true,
) {
  return useQuery({ ...ownRecordQueryOptions(kind, owner), enabled });
}

/**
 * `POST <kind.path>` (signed in): creates the user's record, or updates it when there is one; then
 * the kind's queries, and `alsoChanged`, are read again. Signed out, the server answers 401 "No user
 * is logged in".
 */
export function useSaveOwnRecord<Shape extends z.ZodRawShape>(
  kind: OwnRecordKind<Shape>,
  alsoChanged: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: z.output<z.ZodObject<Shape>>): Promise<SavedResponse> =>
      apiJson(kind.path, savedSchema, { method: "POST", json: record }),
    onSuccess: () =>
      Promise.all(
        [recordsQueryKey(kind), ...alsoChanged].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
