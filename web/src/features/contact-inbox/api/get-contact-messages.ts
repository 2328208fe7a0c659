import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "#contract/contact";
import { apiFetch, type ListPage, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";
import { bodySchema, isRecord, isString, listOf } from "#web/lib/parse";

/** Messages per page of the inbox. */
export const messagesPageSize = 20;

export type MessagesPage = { messages: ContactMessage[] } & Omit<ListPage<ContactMessage>, "items">;

function parseMessage(value: unknown): ContactMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, email, subject, message, read, createdAt } = value;
  if (!isString(_id) || !isString(email) || !isString(subject) || !isString(message)) return undefined;
  if (!isString(createdAt) || typeof read !== "boolean") return undefined;
  return { _id, email, subject, message, read, createdAt };
}

const messageListSchema = bodySchema(listOf(parseMessage));

/** `GET /api/contact?cursor=|page=&limit=` (admins): the contact form's messages, newest first. */
export async function getContactMessages(
  position: ListPosition,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const response = await apiFetch(`/api/contact?${listParams(position, messagesPageSize)}`, { signal });
  const { items: messages, ...page } = await readListPage(response, messageListSchema, {
    page: position.page,
    limit: messagesPageSize,
  });
  return { messages, ...page };
}

export const inboxQueryKey = ["contact", "inbox"] as const;

export function useContactMessages(position: ListPosition) {
  return useQuery({
    queryKey: [...inboxQueryKey, position],
    queryFn: ({ signal }) => getContactMessages(position, signal),
    placeholderData: keepPreviousData,
  });
}
