import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type User, userSchema } from "#contract/accounts";
import { apiFetch, readListPage } from "#web/lib/api";

/** Users per page of the All Users table. */
export const usersPageSize = 20;

export type UsersPage = {
  users: User[];
  /** Every account, from the X-Total-Count header. */
  total: number;
};

const userListSchema = z.array(userSchema);

/** GET /api/user?page=&limit= (admins only): newest accounts first. */
export async function getUsers(page: number, signal?: AbortSignal): Promise<UsersPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(usersPageSize) });
  const response = await apiFetch(`/api/user?${query}`, { signal });
  const { items: users, total } = await readListPage(response, userListSchema, {
    page,
    limit: usersPageSize,
  });
  return { users, total };
}

export const usersQueryKey = ["users", "list"] as const;

export function useUsers(page: number) {
  return useQuery({
    queryKey: [...usersQueryKey, { page }],
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
  });
}
