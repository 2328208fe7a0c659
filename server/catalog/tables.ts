import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A tool (the spec's "service"). Money is integer cents; the API speaks dollars. */
export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    img: text("img").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Least pieces per order. */
    minimum: integer("minimum").notNull(),
    /** Most pieces per order; null means no limit but stock. */
    maximum: integer("maximum"),
    /** Orders come in steps of this many pieces (the minimum is a multiple of it). */
    increment: integer("increment").notNull().default(1),
    /** Pieces in stock, not yet reserved by an order. */
    available: integer("available").notNull(),
    leadTimeDays: integer("lead_time_days").notNull().default(3),
    /** A tool with orders is archived instead of deleted: hidden from the shop, orders intact. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tools_name_length", sql`char_length(${t.name}) between 1 and 120`),
    check("tools_description_length", sql`char_length(${t.description}) between 1 and 4000`),
    check("tools_price_positive", sql`${t.priceCents} > 0`),
    check("tools_minimum_positive", sql`${t.minimum} >= 1`),
    check("tools_increment_positive", sql`${t.increment} >= 1`),
    check("tools_minimum_multiple_of_increment", sql`${t.minimum} % ${t.increment} = 0`),
    check("tools_maximum_at_least_minimum", sql`${t.maximum} is null or ${t.maximum} >= ${t.minimum}`),
    check("tools_available_not_negative", sql`${t.available} >= 0`),
    check("tools_lead_time_not_negative", sql`${t.leadTimeDays} >= 0`),
    index("tools_listing_idx").on(t.archivedAt, t.createdAt),
  ],
);
