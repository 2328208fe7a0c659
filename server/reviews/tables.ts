import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "../accounts/tables";

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for the demo reviews that came with the shop. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: varchar("name", { length: 120 }).notNull(),
    email: varchar("email", { length: 150 }).notNull(),
    description: text("description").notNull(),
    rating: smallint("rating").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_description_length", sql`char_length(${t.description}) between 1 and 2000`),
    index("reviews_created_idx").on(t.createdAt),
  ],
);
