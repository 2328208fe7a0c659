import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyRoles, companyStatuses } from "../../contract/companies";
import { user } from "../accounts/tables";

// Company accounts (issue 27): a company, its members (a user belongs to at most one) and the
// invitations mailed to new ones. The terms (payment terms, credit limit, discount, PO numbers) are
// the shop admin's; orders, prices and the balance read them (later items of the issue).

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    taxId: text("tax_id").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: companyStatuses }).notNull().default("pending"),
    /** 0 = card only; else an on-account order is due this many days after it ships. */
    paymentTermsDays: smallint("payment_terms_days").notNull().default(0),
    creditLimitCents: bigint("credit_limit_cents", { mode: "number" }).notNull().default(0),
    /** Off every unit price for the company's buyers, after volume breaks. */
    discountPercent: smallint("discount_percent").notNull().default(0),
    /** Every order of the company needs a purchase-order number. */
    poRequired: boolean("po_required").notNull().default(false),
    /** Tax-exempt (issue 28, e.g. EU reverse charge): why, printed on its invoices; null when it pays tax. */
    taxExemptReason: text("tax_exempt_reason"),
    /** Who applied (its first admin); null once that account is deleted. */
    appliedBy: text("applied_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("companies_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("companies_terms", sql`${t.paymentTermsDays} in (0, 15, 30, 60)`),
    check("companies_credit_limit", sql`${t.creditLimitCents} >= 0`),
    check("companies_discount", sql`${t.discountPercent} between 0 and 50`),
    check("companies_name_length", sql`char_length(${t.name}) between 1 and 120`),
    check("companies_tax_id_length", sql`char_length(${t.taxId}) between 1 and 40`),
    check("companies_address_length", sql`char_length(${t.address}) between 1 and 500`),
    // The shop admins' list: newest first, of all companies or of one status (keyset, decision 013).
    index("companies_created_idx").on(t.createdAt, t.id),
    index("companies_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** A user's membership: one company at most (the user is the key). */
export const companyMembers = pgTable(
  "company_members",
  {
    /** An account deleted leaves its company (the company's orders stay the company's). */
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role", { enum: companyRoles }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("company_members_role", sql`${t.role} in ('admin', 'buyer')`),
    index("company_members_company_idx").on(t.companyId, t.joinedAt),
  ],
);

/**
 * An invitation mailed by a company admin: the link's token is kept only as its SHA-256, so the
 * table alone opens nothing. Accepted once, by a signed-in account whose verified address is `email`.
 */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role", { enum: companyRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("company_invitations_role", sql`${t.role} in ('admin', 'buyer')`),
    check("company_invitations_email_lower", sql`${t.email} = lower(${t.email})`),
    uniqueIndex("company_invitations_token_idx").on(t.tokenHash),
    index("company_invitations_company_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * A payment received from a company (a bank transfer), recorded by a shop admin. Payments are applied
 * to the oldest amounts due first when the balance is read (balance.ts): no allocation is stored, so
 * a cancelled or late-shipped order can never leave one stale.
 */
export const companyPayments = pgTable(
  "company_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The bank's reference, as the admin typed it. */
    reference: text("reference").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("company_payments_amount_positive", sql`${t.amountCents} > 0`),
    check("company_payments_reference_length", sql`char_length(${t.reference}) between 1 and 100`),
    index("company_payments_company_idx").on(t.companyId, t.receivedOn, t.createdAt),
  ],
);

/**
 * The balance messages already sent, so each is sent once: "due in 3 days" and "overdue" per order
 * (`orderId`), "90% of the credit limit" per company each time it passes it (`orderId` null, `key`
 * the crossing's order or payment).
 */
export const companyNotices = pgTable(
  "company_notices",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["due_soon", "overdue", "near_limit"] }).notNull(),
    /** What the notice is about: an order's id (due_soon, overdue) or the crossing (near_limit). */
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.key] }),
    check("company_notices_kind", sql`${t.kind} in ('due_soon', 'overdue', 'near_limit')`),
  ],
);
