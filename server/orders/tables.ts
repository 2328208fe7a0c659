import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { orderStatuses, paymentMethods } from "../../contract/order-status";
import { user } from "../accounts/tables";
import { tools } from "../catalog/tables";
import { companies } from "../companies/tables";

// The statuses and the moves between them are contract/order-status.ts; changes go through
// change-status.ts. Foreign keys to tools and users are the only imports of other domains' tables.

/** Where order numbers come from: CM-10001, CM-10002, … (gaps where an order was not placed). */
export const orderNumbers = pgSequence("order_number_seq", { startWith: 10001 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The number a person reads and says (CM-10482, contract/order-number.ts); unique, from `orderNumbers`. */
    number: bigint("number", { mode: "number" }).notNull().unique().default(sql`nextval('order_number_seq')`),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "restrict" }),
    /** Null once the buyer deleted their account: the order stays for the shop's books, anonymised. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
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
    /** What the buyer pays: the sum of its lines' unit price × quantity and their tax (order_lines), in cents. */
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    transactionId: text("transaction_id").unique(),
    /** "card" (paid before shipping) or "account" (issue 27: the company pays after it ships). */
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull().default("card"),
    /** The company the buyer ordered for (a member of an approved company); stays when they leave it. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /** The buyer's purchase-order number, 1-40 characters. */
    poNumber: text("po_number"),
    /** The day the order was shipped (the shop's time zone); null before. */
    shippedOn: date("shipped_on", { mode: "string" }),
    /** An on-account order once shipped: the day its amount is due (ship day + the company's terms). */
    dueOn: date("due_on", { mode: "string" }),
    /** The delivery address's country (ISO code) and region: they choose the tax rate (issue 28). */
    country: text("country").notNull().default("US"),
    region: text("region").notNull().default(""),
    /** The sum of its lines' tax, in cents; total_cents includes it. */
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
    /** The buyer's company was tax-exempt when the order was placed: why (printed on the invoice). */
    taxExemptReason: text("tax_exempt_reason"),
    /** The buyer's company's tax ID when the order was placed (printed on the invoice). */
    buyerTaxId: text("buyer_tax_id"),
    /** Its invoice's and credit note's numbers, once issued (server/invoices). */
    invoiceNumber: text("invoice_number"),
    creditNoteNumber: text("credit_note_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_quantity_positive", sql`${t.quantity} > 0`),
    check("orders_unit_price_positive", sql`${t.unitPriceCents} > 0`),
    check("orders_total_positive", sql`${t.totalCents} > 0`),
    check("orders_tax_not_negative", sql`${t.taxCents} >= 0`),
    check("orders_country", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check("orders_status_known", sql`${t.status} in ('pending', 'paid', 'shipped', 'cancelled')`),
    // A card order is paid (a transaction) before it ships; an on-account order ships unpaid.
    check(
      "orders_paid_has_transaction",
      sql`${t.status} not in ('paid', 'shipped') or ${t.transactionId} is not null or ${t.paymentMethod} = 'account'`,
    ),
    check("orders_payment_method", sql`${t.paymentMethod} in ('card', 'account')`),
    check("orders_account_has_company", sql`${t.paymentMethod} = 'card' or ${t.companyId} is not null`),
    check(
      "orders_po_number_length",
      sql`${t.poNumber} is null or char_length(${t.poNumber}) between 1 and 40`,
    ),
    // Each list's order, with the id as the tie-break the cursor needs (server/db/keyset.ts); read
    // backwards for newest first. A buyer's orders; everyone's; one status's (the admin's views,
    // one branch per status, and the sweep of old unpaid orders).
    index("orders_user_idx").on(t.userId, t.createdAt, t.id),
    index("orders_tool_idx").on(t.toolId),
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    // The admin's search: by buyer email, and by the start of the product's name.
    index("orders_email_idx").on(sql`lower(${t.email})`, t.createdAt, t.id),
    // The admin's search by PO number (exact, any case).
    index("orders_po_number_idx").on(sql`lower(${t.poNumber})`),
    // A company's orders, newest first (its admins' list), and its on-account orders (the balance).
    index("orders_company_idx").on(t.companyId, t.createdAt, t.id),
    index("orders_company_account_idx")
      .on(t.companyId, t.createdAt)
      .where(sql`${t.paymentMethod} = 'account'`),
  ],
);

/**
 * An order's lines, 1 to 500 (a checkout of the cart; POST /api/order makes one). Tool, SKU, product
 * name and unit price are copied from the tool at order time. The orders row's single-product fields
 * (tool_id, product_name, unit_price_cents, quantity) repeat line 1, the spec's one-tool order.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNo: smallint("line_no").notNull(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "restrict" }),
    sku: text("sku"),
    productName: text("product_name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** The line's tax (issue 28): its rate in thousandths of a percent, its label, and the tax in cents (net × rate, half-up). */
    taxRateMilli: integer("tax_rate_milli").notNull().default(0),
    taxLabel: text("tax_label").notNull().default("No tax"),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check("order_lines_tax", sql`${t.taxRateMilli} between 0 and 100000 and ${t.taxCents} >= 0`),
    check("order_lines_line_no_range", sql`${t.lineNo} between 1 and 500`),
    check("order_lines_unit_price_positive", sql`${t.unitPriceCents} > 0`),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    index("order_lines_tool_idx").on(t.toolId),
    // The admin's search by product finds an order by any of its lines.
    index("order_lines_product_idx").on(sql`lower(${t.productName}) text_pattern_ops`),
  ],
);

/**
 * How many orders each status has, kept by a trigger on orders (migration 0004) in the same
 * transaction as every insert and status change, so the admin list's X-Total-Count is a sum of a
 * few rows instead of a count of every order. Each status is spread over 16 rows (by the order id's
 * hash) so concurrent orders do not queue on one counter row.
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    status: text("status", { enum: orderStatuses }).notNull(),
    shard: smallint("shard").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
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
