import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { portfolioEducations, profileEducations } from "../../contract/choices";
import { user } from "../accounts/tables";

const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));

/** One profile per user; creating again updates it. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    education: text("education").notNull(),
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    linkedIn: text("linked_in").notNull(),
    img: text("img").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("profiles_education_known", sql`${t.education} in (${inList(profileEducations)})`),
    // The admins' list, newest first, by cursor.
    index("profiles_created_idx").on(t.createdAt, t.id),
  ],
);

/** One portfolio per user; creating again updates it. */
export const portfolios = pgTable(
  "portfolios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    education: text("education").notNull(),
    skill: text("skill").notNull(),
    project1: text("project1").notNull(),
    project2: text("project2").notNull(),
    project3: text("project3").notNull(),
    img: text("img").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("portfolios_education_known", sql`${t.education} in (${inList(portfolioEducations)})`)],
);
