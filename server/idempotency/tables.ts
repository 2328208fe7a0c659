import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../accounts/tables";

/**
 * One `Idempotency-Key` a signed-in user sent (server/idempotency/keys.ts). While its first request
 * runs the row is claimed (`claim_token`); once answered it holds the response, replayed to every
 * retry for 24 hours. Only one claim can store a response, so a retry cannot act twice.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** "POST /api/order": the key belongs to one route and one body. */
    route: text("route").notNull(),
    /** SHA-256 of the request body: a retry with another body is refused. */
    requestHash: text("request_hash").notNull(),
    /** Who is running the request now; null once its response is stored. */
    claimToken: uuid("claim_token"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The sweep deletes keys past their 24 hours in this order.
    index("idempotency_keys_created_idx").on(t.createdAt),
    check(
      "idempotency_keys_claimed_or_answered",
      sql`(${t.claimToken} is null) = (${t.responseStatus} is not null and ${t.responseBody} is not null)`,
    ),
  ],
);
