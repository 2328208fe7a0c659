import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, type ListPage, lazySchema, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
import { type ProfileView, profilesQueryKey } from "./get-profile";

/** Profiles per page of Show All Profile: four rows of three on a wide screen. */
export const profilesPageSize = 12;

export type ProfilesPage = { profiles: ProfileView[] } & Omit<ListPage<ProfileView>, "items">;

const profileListSchema = lazySchema(() => import("#contract/answers").then((a) => a.profileListAnswer));

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
