import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orderStatuses } from "../../contract/order-status";
import { user } from "../accounts/tables";
import { tools } from "../catalog/tables";

// The statuses and the moves between them are contract/order-status.ts; changes go through
// change-status.ts. Foreign keys to tools and users are the only imports of other domains' tables.

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    /** Name and email are copied from the session at order time, never taken from the client. */
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    neededBy: date("needed_by", { mode: "string" }).notNull(),
    /** Product name and unit price are copied from the tool at order time. */
    productName: text("product_name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    transactionId: text("transaction_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_quantity_positive", sql`${t.quantity} > 0`),
    check("orders_unit_price_positive", sql`${t.unitPriceCents} > 0`),
    check("orders_status_known", sql`${t.status} in ('pending', 'paid', 'shipped', 'cancelled')`),
    check(
      "orders_paid_has_transaction",
      sql`${t.status} not in ('paid', 'shipped') or ${t.transactionId} is not null`,
    ),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_tool_idx").on(t.toolId),
    index("orders_created_idx").on(t.createdAt),
    // The admin list filtered by status, newest first, and the sweep of old unpaid orders.
    index("orders_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** Every status change of an order: who made it and when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: orderStatuses }),
    toStatus: text("to_status", { enum: orderStatuses }).notNull(),
    /** The user who made the change; null when the shop did (a payment webhook, the unpaid-order expiry). */
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);
