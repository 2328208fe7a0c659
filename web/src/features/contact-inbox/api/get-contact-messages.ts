import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ContactMessage } from "../../../../../contract/contact";
import { totalCountHeader } from "../../../../../contract/paging";
import { apiFetch, readJson } from "../../../lib/api";
import { bodySchema, isRecord, isString, listOf } from "../../../lib/parse";

/** Messages per page of the inbox. */
export const messagesPageSize = 20;

export type MessagesPage = { messages: ContactMessage[]; total: number };

function parseMessage(value: unknown): ContactMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, email, subject, message, read, createdAt } = value;
  if (![_id, email, subject, message, createdAt].every(isString) || typeof read !== "boolean")
    return undefined;
  return {
    _id: _id as string,
    email: email as string,
    subject: subject as string,
    message: message as string,
    read,
    createdAt: createdAt as string,
  };
}

const messageListSchema = bodySchema(listOf(parseMessage));

/** `GET /api/contact?page=&limit=` (admins): the contact form's messages, newest first. */
export async function getContactMessages(page: number, signal?: AbortSignal): Promise<MessagesPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(messagesPageSize) });
  const response = await apiFetch(`/api/contact?${query}`, { signal });
  const messages = await readJson(response, messageListSchema);
  const counted = Number(response.headers.get(totalCountHeader) ?? Number.NaN);
  const total =
    Number.isInteger(counted) && counted >= 0 ? counted : (page - 1) * messagesPageSize + messages.length;
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
