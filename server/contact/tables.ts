import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_email_length", sql`char_length(${t.email}) between 3 and 254`),
    check("contact_subject_length", sql`char_length(${t.subject}) between 1 and 200`),
    check("contact_message_length", sql`char_length(${t.message}) between 1 and 5000`),
    index("contact_created_idx").on(t.createdAt, t.id),
  ],
);
