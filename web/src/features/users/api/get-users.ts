import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type User, userSchema } from "#contract/accounts";
import { apiFetch, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";

/** Users per page of the All Users table. */
export const usersPageSize = 20;

export type UsersPage = {
  users: User[];
  /** Every account, from the X-Total-Count header. */
  total: number;
  /** The cursors of the next and previous pages, from the Link header. */
  next?: string;
  prev?: string;
};

const userListSchema = z.array(userSchema);

/** GET /api/user?cursor=|page=&limit= (admins only): newest accounts first. */
export async function getUsers(position: ListPosition, signal?: AbortSignal): Promise<UsersPage> {
  const response = await apiFetch(`/api/user?${listParams(position, usersPageSize)}`, { signal });
  const { items: users, ...page } = await readListPage(response, userListSchema, {
    page: position.page,
    limit: usersPageSize,
  });
  return { users, ...page };
}

export const usersQueryKey = ["users", "list"] as const;

export function useUsers(position: ListPosition) {
  return useQuery({
    queryKey: [...usersQueryKey, position],
    queryFn: ({ signal }) => getUsers(position, signal),
    placeholderData: keepPreviousData,
  });
}
