import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { ContactMessage, contactSchema } from "../../contract/contact";
import type { ListQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { newestFirst } from "../db/newest-first";
import type { Page } from "../db/paging";
import { enqueueToAdmins } from "../mail/templates/to-admins";
import { contactMessageMail } from "./contact-mail";
import { contactMessages } from "./tables";

type Row = typeof contactMessages.$inferSelect;

/** The admins' inbox: newest first, by contact_created_idx. */
const readInbox = newestFirst(contactMessages, "uuid");

const toApiMessage = (row: Row): ContactMessage => ({
  _id: row.id,
  email: row.email,
  subject: row.subject,
  message: row.message,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export function createContactService(db: Db, deps: { publicUrl: string }) {
  return {
    /** Keeps the message and, in the same transaction, tells every admin who wants to know. */
    addMessage(input: z.output<typeof contactSchema>): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values(input)
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        if (!row) throw new Error("addMessage: insert returned no row");
        await enqueueToAdmins(tx, "contact-message", {
          about: row.id,
          subject: `Contact message: ${input.subject}`,
          body: contactMessageMail({ message: input, receivedAt: row.createdAt, shopUrl: deps.publicUrl }),
        });
        return row.id;
      });
    },

    /** The admins' inbox, newest first. */
    async listMessages(q: ListQuery): Promise<Page<ContactMessage>> {
      const { items, ...page } = await readInbox(db, q);
      return { ...page, items: items.map(toApiMessage) };
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
