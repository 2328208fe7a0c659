import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NewTool } from "#contract/catalog";
import { apiJson, lazySchema } from "#web/lib/api";

const insertedSchema = lazySchema(() => import("#contract/answers").then((a) => a.insertedAnswer));

/** `POST /api/service` (admins): adds a tool to the catalog; resolves with its id. */
export async function addTool(tool: NewTool): Promise<string> {
  const { insertedId } = await apiJson("/api/service", insertedSchema, { method: "POST", json: tool });
  return insertedId;
}

/** Add A Tools: the new tool shows in every tools list at once. */
export function useAddTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
