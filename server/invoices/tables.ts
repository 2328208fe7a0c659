import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { invoiceKinds } from "../../contract/invoices";
import { companies } from "../companies/tables";
import { orders } from "../orders/tables";

// Invoices and credit notes (issue 28). A document is written once, in the transaction of the
// change that issues it (an order paid by card, shipped on account, or cancelled after its
// invoice), and never updated but for its rendered file (key, hash, size: set once).

/**
 * The last number used per kind and year. Drawn by an upsert in the issuing transaction: the row
 * stays locked until that transaction ends, so numbers go out one at a time, and a transaction
 * that rolls back gives its number back (no gap).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    year: smallint("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] }), check("invoice_counters_last", sql`${t.last} > 0`)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    /** INV-2026-000001 / CN-2026-000001 (contract/invoices.ts documentNumber). */
    number: text("number").notNull().unique(),
    year: smallint("year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /** A credit note: the invoice it corrects. */
    refersTo: uuid("refers_to"),
    reason: text("reason"),
    /** The day it was issued, in the shop's time zone. */
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
    taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** Everything the document prints, as it was when issued (server/invoices/document.ts). */
    document: jsonb("document").notNull(),
    /** The rendered PDF in the uploads storage, its SHA-256 (hex) and size: set once, when first rendered. */
    fileKey: text("file_key"),
    sha256: text("sha256"),
    size: integer("size"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("invoices_kind", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_credit_note_refers", sql`(${t.kind} = 'credit_note') = (${t.refersTo} is not null)`),
    check("invoices_sequence", sql`${t.sequence} > 0`),
    uniqueIndex("invoices_kind_year_sequence_idx").on(t.kind, t.year, t.sequence),
    // One invoice per order, and (an order is credited whole) one credit note.
    uniqueIndex("invoices_order_kind_idx").on(t.orderId, t.kind),
    // The bookkeeper's list: newest first, of everyone or of one company.
    index("invoices_issued_idx").on(t.issuedOn, t.createdAt, t.id),
    index("invoices_company_idx").on(t.companyId, t.issuedOn, t.createdAt, t.id),
  ],
);
