import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../accounts/tables";
import { tools } from "../catalog/tables";

// A signed-in buyer's cart, kept on the server (the same cart on every device, across sign-out).
// Foreign keys to users and tools are the only imports of other domains' tables.

/** One line of a buyer's cart: a tool and its quantity, one line per tool. */
export const cartLines = pgTable(
  "cart_lines",
  {
    /** An account deleted takes its cart with it. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * A tool in a cart is archived rather than deleted (catalog's removeTool falls back to archiving
     * on this key's refusal, as for orders): the line stays and says the tool is no longer sold.
     */
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** The price a piece when the line was put in the cart: a later change is shown, never taken silently. */
    addedUnitPriceCents: integer("added_unit_price_cents").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.toolId] }),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_lines_added_price_positive", sql`${t.addedUnitPriceCents} > 0`),
    // A tool's delete looks for lines of it.
    index("cart_lines_tool_idx").on(t.toolId),
  ],
);
