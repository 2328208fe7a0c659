import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { contactSchema } from "#contract/contact";
import { apiFetch } from "#web/lib/api";

export type ContactMessageInput = z.output<typeof contactSchema>;

/** `POST /api/contact`: the server validates with the same schema and stores the message (201). */
export async function sendMessage(message: ContactMessageInput): Promise<void> {
  await apiFetch("/api/contact", { method: "POST", json: message });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
