import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { portfolioEducations, profileEducations } from "../../contract/choices";
import { user } from "../accounts/tables";

/**
 * The columns before a record's own (contract/profiles.ts's OwnRecordKind): one record per user, so
 * creating again updates it; the email is its owner's.
 */
const ownerColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  education: text("education").notNull(),
});

/** The columns after a record's own: its photo and times. */
const photoAndTimes = () => ({
  img: text("img").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** `<table>_education_known`: the education is one of the form's choices. */
const educationKnown = (table: string, education: AnyPgColumn, values: readonly string[]) =>
  check(
    `${table}_education_known`,
    sql`${education} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "))})`,
  );

export const profiles = pgTable(
  "profiles",
  {
    ...ownerColumns(),
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    linkedIn: text("linked_in").notNull(),
    ...photoAndTimes(),
  },
  (t) => [
    educationKnown("profiles", t.education, profileEducations),
    // The admins' list, newest first, by cursor.
    index("profiles_created_idx").on(t.createdAt, t.id),
  ],
);

export const portfolios = pgTable(
  "portfolios",
  {
    ...ownerColumns(),
    skill: text("skill").notNull(),
    project1: text("project1").notNull(),
    project2: text("project2").notNull(),
    project3: text("project3").notNull(),
    ...photoAndTimes(),
  },
  (t) => [educationKnown("portfolios", t.education, portfolioEducations)],
);
