import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type User, userSchema } from "../../../../../contract/accounts";
import { totalCountHeader } from "../../../../../contract/pagination";
import { apiFetch, readJson } from "../../../lib/api";

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
  const users = await readJson(response, userListSchema);
  const counted = Number(response.headers.get(totalCountHeader) ?? Number.NaN);
  const total =
    Number.isInteger(counted) && counted >= 0 ? counted : (page - 1) * usersPageSize + users.length;
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
