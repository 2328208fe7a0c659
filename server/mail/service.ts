import { desc } from "drizzle-orm";
import { accountLinkKinds, type OutboxMessage } from "../../contract/outbox";
import type { PageQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { type Page, readPage } from "../db/paging";
import type { MailAttachment } from "./outbox";
import { outbox } from "./tables";

type Row = typeof outbox.$inferSelect;

const toApiMessage = (row: Row): OutboxMessage => ({
  _id: row.id,
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  // A delivered reset or verification link is its owner's secret; a kept one is the only way in.
  text: row.status === "sent" && accountLinkKinds.includes(row.kind) ? null : row.text,
  status: row.status === "sending" ? "waiting" : row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  attachments: ((row.attachments ?? []) as MailAttachment[]).map((a) => a.filename),
});

export function createOutboxService(db: Db) {
  return {
    /** The Outbox page: every message, newest first. */
    async listMessages(q: PageQuery): Promise<Page<OutboxMessage>> {
      const { items, total } = await readPage(
        db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)),
        db.$count(outbox),
        q,
      );
      return { items: items.map(toApiMessage), total };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
