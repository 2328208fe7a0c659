import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { ContactMessage, contactSchema } from "../../contract/contact";
import type { PageQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { type Page, readPage } from "../db/paging";
import { contactMessages } from "./tables";

type Row = typeof contactMessages.$inferSelect;

const toApiMessage = (row: Row): ContactMessage => ({
  _id: row.id,
  email: row.email,
  subject: row.subject,
  message: row.message,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function createContactService(db: Db) {
  return {
    async addMessage(input: z.output<typeof contactSchema>): Promise<string> {
      const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
      if (!row) throw new Error("addMessage: insert returned no row");
      return row.id;
    },

    /** The admins' inbox, newest first. */
    async listMessages(q: PageQuery): Promise<Page<ContactMessage>> {
      const { items, total } = await readPage(
        db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)),
        db.$count(contactMessages),
        q,
      );
      return { items: items.map(toApiMessage), total };
    },

    /** 1 when the message changed, 0 when it already was so, undefined when there is no such message. */
    async markRead(id: string, read: boolean): Promise<number | undefined> {
      const changed = await db
        .update(contactMessages)
        .set({ readAt: read ? new Date() : null })
        .where(
          and(
            eq(contactMessages.id, id),
            read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt),
          ),
        )
        .returning({ id: contactMessages.id });
      if (changed.length > 0) return 1;
      const [exists] = await db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      return exists ? 0 : undefined;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
