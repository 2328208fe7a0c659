import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "#contract/outbox";
import { apiFetch, lazySchema, readListPage } from "#web/lib/api";

/** Messages per page of the Outbox. */
export const outboxPageSize = 20;

export type OutboxPage = { messages: OutboxMessage[]; total: number };

const outboxSchema = lazySchema(() => import("#contract/answers").then((a) => a.outboxListAnswer));

/** `GET /api/outbox?page=&limit=` (admins): every message the shop sent or keeps, newest first. */
export async function getOutbox(page: number, signal?: AbortSignal): Promise<OutboxPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(outboxPageSize) });
  const response = await apiFetch(`/api/outbox?${query}`, { signal });
  const { items: messages, total } = await readListPage(response, outboxSchema, {
    page,
    limit: outboxPageSize,
  });
  return { messages, total };
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: ["outbox", { page }],
    queryFn: ({ signal }) => getOutbox(page, signal),
    placeholderData: keepPreviousData,
    // Waiting messages change status within seconds.
    refetchInterval: 10_000,
  });
}
