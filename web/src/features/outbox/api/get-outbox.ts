import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "#contract/outbox";
import { apiFetch, readListPage } from "#web/lib/api";
import { bodySchema, isInteger, isRecord, isString, listOf } from "#web/lib/parse";

/** Messages per page of the Outbox. */
export const outboxPageSize = 20;

export type OutboxPage = { messages: OutboxMessage[]; total: number };

const statuses: readonly OutboxMessage["status"][] = ["waiting", "sent", "failed", "kept"];
const isStatus = (v: unknown): v is OutboxMessage["status"] =>
  statuses.includes(v as OutboxMessage["status"]);
const stringOrNull = (v: unknown): v is string | null => v === null || isString(v);

function parseMessage(value: unknown): OutboxMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, kind, to, subject, text, status, attempts, lastError, createdAt, sentAt, nextAttemptAt } =
    value;
  if (!isString(_id) || !isString(kind) || !isString(to) || !isString(subject)) return undefined;
  if (!stringOrNull(text) || !isStatus(status) || !isInteger(attempts) || !stringOrNull(lastError))
    return undefined;
  if (!isString(createdAt) || !stringOrNull(sentAt) || !isString(nextAttemptAt)) return undefined;
  return { _id, kind, to, subject, text, status, attempts, lastError, createdAt, sentAt, nextAttemptAt };
}

const outboxSchema = bodySchema(listOf(parseMessage));

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
