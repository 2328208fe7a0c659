import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson, errorMessage } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import { usersQueryKey } from "./get-users";

const resultSchema = z.object({ modifiedCount: z.number() });

/** PUT /api/user/admin/{email} (admins only): makes that user an admin. */
export async function makeAdmin(email: string): Promise<number> {
  const { modifiedCount } = await apiJson(`/api/user/admin/${encodeURIComponent(email)}`, resultSchema, {
    method: "PUT",
  });
  return modifiedCount;
}

/** Make Admin, with the spec's toasts (§8), then the list refreshes. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => {
      toast.success("Successfully made an admin");
    },
    onError: (error) => {
      toast.error("Failed made an admin", { description: errorMessage(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
