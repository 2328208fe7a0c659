import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "#web/lib/api";
import { bodySchema, isInteger, isRecord } from "#web/lib/parse";

export type DeleteToolResult = {
  deletedCount: number;
  /** The tool has orders: it left the shop but is kept for them. */
  archived: boolean;
};

const resultSchema = bodySchema((body): DeleteToolResult | undefined =>
  isRecord(body) && isInteger(body.deletedCount)
    ? { deletedCount: body.deletedCount, archived: body.archived === true }
    : undefined,
);

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
