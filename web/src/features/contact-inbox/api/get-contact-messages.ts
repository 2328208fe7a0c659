import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "#contract/contact";
import { apiFetch, type ListPage, lazySchema, readListPage } from "#web/lib/api";
import { type ListPosition, listParams } from "#web/lib/paging/page-param";

/** Messages per page of the inbox. */
export const messagesPageSize = 20;

export type MessagesPage = { messages: ContactMessage[] } & Omit<ListPage<ContactMessage>, "items">;

const messageListSchema = lazySchema(() =>
  import("#contract/answers").then((a) => a.contactMessageListAnswer),
);

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
