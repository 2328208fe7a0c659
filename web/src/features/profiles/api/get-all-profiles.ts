import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, type ListPage, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
import { bodySchema, listOf } from "#web/lib/parse";
import { type ProfileView, parseProfile, profilesQueryKey } from "./get-profile";

/** Profiles per page of Show All Profile: four rows of three on a wide screen. */
export const profilesPageSize = 12;

export type ProfilesPage = { profiles: ProfileView[] } & Omit<ListPage<ProfileView>, "items">;

const profileListSchema = bodySchema(listOf(parseProfile));

/** `GET /api/showAllProfile?cursor=|page=&limit=` (admins): every profile, newest first, with every field. */
export async function getAllProfiles(position: ListPosition, signal?: AbortSignal): Promise<ProfilesPage> {
  const response = await apiFetch(`/api/showAllProfile?${listParams(position, profilesPageSize)}`, {
    signal,
  });
  const { items: profiles, ...page } = await readListPage(response, profileListSchema, {
    page: position.page,
    limit: profilesPageSize,
  });
  return { profiles, ...page };
}

export function useAllProfiles(position: ListPosition) {
  return useQuery({
    queryKey: [...profilesQueryKey, "all", position],
    queryFn: ({ signal }) => getAllProfiles(position, signal),
    placeholderData: keepPreviousData,
  });
}
