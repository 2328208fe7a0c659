import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "#web/lib/api";
import { inboxQueryKey } from "./get-contact-messages";

export type MarkRead = { id: string; read: boolean };

/** `PATCH /api/contact/{id}` (admins): marks one message read or unread. */
export async function markMessageRead({ id, read }: MarkRead): Promise<void> {
  await apiFetch(`/api/contact/${encodeURIComponent(id)}`, { method: "PATCH", json: { read } });
}

/** Mark as read / unread; the inbox refreshes afterwards. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
