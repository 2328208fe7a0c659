import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  type IndexBuilder,
  index,
  type PgColumnBuilderBase,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * A table of records each user keeps one of: the owner's columns, the kind's own, then its photo and
 * times; `<name>_education_known` checks the education is one of the form's choices.
 */
function ownRecordTable<Name extends string, Columns extends Record<string, PgColumnBuilderBase>>(
  name: Name,
  educations: readonly string[],
  columns: Columns,
  indexes: (t: { id: AnyPgColumn; createdAt: AnyPgColumn }) => IndexBuilder[] = () => [],
) {
  return pgTable(name, { ...ownerColumns(), ...columns, ...photoAndTimes() }, (t) => {
    // The columns every such table has (ownerColumns, photoAndTimes).
    const own = t as unknown as { id: AnyPgColumn; education: AnyPgColumn; createdAt: AnyPgColumn };
    const choices = sql.raw(educations.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));
    return [check(`${name}_education_known`, sql`${own.education} in (${choices})`), ...indexes(own)];
  });
}

export const profiles = ownRecordTable(
  "profiles",
  profileEducations,
  {
    location: text("location").notNull(),
    phone: text("phone").notNull(),
    linkedIn: text("linked_in").notNull(),
  },
  // The admins' list, newest first, by cursor.
  (t) => [index("profiles_created_idx").on(t.createdAt, t.id)],
);

export const portfolios = ownRecordTable("portfolios", portfolioEducations, {
  skill: text("skill").notNull(),
  project1: text("project1").notNull(),
  project2: text("project2").notNull(),
  project3: text("project3").notNull(),
});
