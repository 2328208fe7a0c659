import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteToolResult } from "#contract/answers";
import { apiJson, lazySchema } from "#web/lib/api";

/** The tool's answer: `archived` when it has orders (it left the shop but is kept for them). */
export type { DeleteToolResult };

const resultSchema = lazySchema(() => import("#contract/answers").then((a) => a.deletedToolAnswer));

/** `DELETE /api/service/{id}` (admins): removes the tool from the shop (archived when it has orders). */
export async function deleteTool(id: string): Promise<DeleteToolResult> {
  return apiJson(`/api/service/${encodeURIComponent(id)}`, resultSchema, { method: "DELETE" });
}

/** Delete on Manage Tools; every tools list refreshes afterwards, whatever the answer. */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
