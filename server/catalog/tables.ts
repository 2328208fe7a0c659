import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { stockReasons } from "#contract/stock";
import type { PriceBreakCents } from "./pricing";

type SearchedColumns = { name: AnyPgColumn; description: AnyPgColumn };

// What the catalog's search reads (search.ts). The GIN indexes below are built on these very
// expressions, which is what lets PostgreSQL use them for a search.

/** Name and description as one text, for trigram similarity (pg_trgm: tolerant of typos). */
export const toolSearchText = (t: SearchedColumns): SQL => sql`(${t.name} || ' ' || ${t.description})`;

/** Name and description as English words (stems), for full-text search. */
export const toolSearchDocument = (t: SearchedColumns): SQL =>
  sql`to_tsvector('english'::regconfig, ${t.name} || ' ' || ${t.description})`;

/** A tool (the spec's "service"). Money is integer cents; the API speaks dollars. */
export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    img: text("img").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /**
     * Volume price breaks (issue 26), in increasing quantity: from `minQuantity` pieces on, a piece
     * costs `priceCents`. `[]` when none; the rules are the contract's (priceBreaksProblem).
     */
    priceBreaks: jsonb("price_breaks").$type<PriceBreakCents[]>().notNull().default(sql`'[]'::jsonb`),
    /** Least pieces per order. */
    minimum: integer("minimum").notNull(),
    /** Most pieces per order; null means no limit but stock. */
    maximum: integer("maximum"),
    /** Orders come in steps of this many pieces (the minimum is a multiple of it). */
    increment: integer("increment").notNull().default(1),
    /** Pieces in stock, not yet reserved by an order. */
    available: integer("available").notNull(),
    leadTimeDays: integer("lead_time_days").notNull().default(3),
    /** The shop's part number: optional, unique among tools that have one. */
    sku: text("sku"),
    /** Admins hear of the tool when its stock falls to or below this; null means never. */
    lowStockAt: integer("low_stock_at"),
    /** A tool with orders is archived instead of deleted: hidden from the shop, orders intact. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("tools_name_length", sql`char_length(${t.name}) between 1 and 120`),
    check("tools_description_length", sql`char_length(${t.description}) between 1 and 4000`),
    check("tools_price_positive", sql`${t.priceCents} > 0`),
    check("tools_price_breaks_array", sql`jsonb_typeof(${t.priceBreaks}) = 'array'`),
    check("tools_minimum_positive", sql`${t.minimum} >= 1`),
    check("tools_increment_positive", sql`${t.increment} >= 1`),
    check("tools_minimum_multiple_of_increment", sql`${t.minimum} % ${t.increment} = 0`),
    check("tools_maximum_at_least_minimum", sql`${t.maximum} is null or ${t.maximum} >= ${t.minimum}`),
    check("tools_available_not_negative", sql`${t.available} >= 0`),
    check("tools_lead_time_not_negative", sql`${t.leadTimeDays} >= 0`),
    check("tools_sku_length", sql`char_length(${t.sku}) between 1 and 64`),
    check("tools_low_stock_not_negative", sql`${t.lowStockAt} >= 0`),
    uniqueIndex("tools_sku_unique").on(t.sku).where(sql`${t.sku} is not null`),
    // A quick order's SKUs, looked up regardless of case in one query (lots.ts `toolLotsBySku`).
    index("tools_sku_upper_idx").on(sql`upper(${t.sku})`).where(sql`${t.sku} is not null`),
    index("tools_listing_idx").on(t.archivedAt, t.createdAt),
    index("tools_search_trgm_idx").using("gin", sql`${toolSearchText(t)} gin_trgm_ops`),
    index("tools_search_fts_idx").using("gin", toolSearchDocument(t)),
  ],
);

/**
 * The stock ledger: one row per change of a tool's `available`, written by the statement that makes
 * the change (stock.ts, the only writer), so a tool's changes always sum to its stock. The order and
 * the actor are plain ids: catalog does not reach into the orders' or accounts' tables.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    change: integer("change").notNull(),
    /** The tool's stock right after this change. */
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason", { enum: stockReasons }).notNull(),
    orderId: uuid("order_id"),
    actorUserId: text("actor_user_id"),
    note: text("note"),
    // The clock when the row is written, after the tool's row lock is held (now() is the
    // transaction's start): so concurrent movements of one tool sort in the order they applied.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check("stock_movements_change_not_zero", sql`${t.change} <> 0`),
    check("stock_movements_stock_not_negative", sql`${t.stockAfter} >= 0`),
    check("stock_movements_reason", sql.raw(`reason in (${stockReasons.map((r) => `'${r}'`).join(", ")})`)),
    check("stock_movements_note_length", sql`char_length(${t.note}) <= 500`),
    index("stock_movements_tool_idx").on(t.toolId, t.createdAt.desc(), t.id.desc()),
  ],
);
