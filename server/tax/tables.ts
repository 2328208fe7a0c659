import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

// The shop's tax settings (issue 28): the rates by delivery country and region, and the seller's
// details printed on every invoice. Written by this domain's routes only; orders read the rate of
// an address in the statement that draws the order's number (tax/rates.ts), invoices read the seller.

/** A rate for a country ("" region: the whole country) or one of its regions; rate in thousandths of a percent. */
export const taxRates = pgTable(
  "tax_rates",
  {
    country: text("country").notNull(),
    /** Stored lower case ("" = the whole country), so an address matches in any case. */
    regionKey: text("region_key").notNull(),
    /** As the admin wrote it, for display. */
    region: text("region").notNull(),
    rateMilli: integer("rate_milli").notNull(),
    label: text("label").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.regionKey] }),
    check("tax_rates_country", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check("tax_rates_rate", sql`${t.rateMilli} between 0 and 100000`),
    check("tax_rates_region_key", sql`${t.regionKey} = lower(${t.region})`),
  ],
);

/** The seller's details: one row (id 1), absent until an admin saves them. */
export const sellerDetails = pgTable(
  "seller_details",
  {
    id: smallint("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    address: text("address").notNull(),
    taxId: text("tax_id").notNull(),
    bankDetails: text("bank_details").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("seller_details_one_row", sql`${t.id} = 1`)],
);
