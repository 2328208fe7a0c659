import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
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
