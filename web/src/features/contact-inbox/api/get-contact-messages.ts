import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "#contract/contact";
import { apiFetch, readListPage } from "#web/lib/api";
import { bodySchema, isRecord, isString, listOf } from "#web/lib/parse";

/** Messages per page of the inbox. */
export const messagesPageSize = 20;

export type MessagesPage = { messages: ContactMessage[]; total: number };

function parseMessage(value: unknown): ContactMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, email, subject, message, read, createdAt } = value;
  if (!isString(_id) || !isString(email) || !isString(subject) || !isString(message)) return undefined;
  if (!isString(createdAt) || typeof read !== "boolean") return undefined;
  return { _id, email, subject, message, read, createdAt };
}

const messageListSchema = bodySchema(listOf(parseMessage));

/** `GET /api/contact?page=&limit=` (admins): the contact form's messages, newest first. */
export async function getContactMessages(page: number, signal?: AbortSignal): Promise<MessagesPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(messagesPageSize) });
  const response = await apiFetch(`/api/contact?${query}`, { signal });
  const { items: messages, total } = await readListPage(response, messageListSchema, {
    page,
    limit: messagesPageSize,
  });
  return { messages, total };
}

export const inboxQueryKey = ["contact", "inbox"] as const;

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: [...inboxQueryKey, { page }],
    queryFn: ({ signal }) => getContactMessages(page, signal),
    placeholderData: keepPreviousData,
  });
}
