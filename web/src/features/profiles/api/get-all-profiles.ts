import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, readListPage } from "#web/lib/api";
import { bodySchema, listOf } from "#web/lib/parse";
import { type ProfileView, parseProfile, profilesQueryKey } from "./get-profile";

/** Profiles per page of Show All Profile: four rows of three on a wide screen. */
export const profilesPageSize = 12;

export type ProfilesPage = { profiles: ProfileView[]; total: number };

const profileListSchema = bodySchema(listOf(parseProfile));

/** `GET /api/showAllProfile?page=&limit=` (admins): every profile, newest first, with every field. */
export async function getAllProfiles(page: number, signal?: AbortSignal): Promise<ProfilesPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(profilesPageSize) });
  const response = await apiFetch(`/api/showAllProfile?${query}`, { signal });
  const { items: profiles, total } = await readListPage(response, profileListSchema, {
    page,
    limit: profilesPageSize,
  });
  return { profiles, total };
}

export function useAllProfiles(page: number) {
  return useQuery({
    queryKey: [...profilesQueryKey, "all", { page }],
    queryFn: ({ signal }) => getAllProfiles(page, signal),
    placeholderData: keepPreviousData,
  });
}
