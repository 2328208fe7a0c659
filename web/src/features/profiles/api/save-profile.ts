import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { profileSchema, SavedResponse } from "#contract/profiles";
import { apiJson } from "#web/lib/api";
import { savedSchema } from "#web/lib/records/saved-response";
import { sessionQueryKey } from "#web/lib/session/get-session";
import { profilesQueryKey } from "./get-profile";

export type ProfileFields = z.output<typeof profileSchema>;

/**
 * `POST /api/myProfile` (signed in): creates the user's profile, or updates it when there is one.
 * Signed out, the server answers 401 "No user is logged in".
 */
export async function saveProfile(profile: ProfileFields): Promise<SavedResponse> {
  return apiJson("/api/myProfile", savedSchema, { method: "POST", json: profile });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // The profile's photo may have become the account's (the profile menu's avatar).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
