CREATE TABLE "company_notices" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_notices_company_id_kind_key_pk" PRIMARY KEY("company_id","kind","key"),
	CONSTRAINT "company_notices_kind" CHECK ("company_notices"."kind" in ('due_soon', 'overdue', 'near_limit'))
);
--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_positive" CHECK ("company_payments"."amount_cents" > 0),
	CONSTRAINT "company_payments_reference_length" CHECK (char_length("company_payments"."reference") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction";--> statement-breakpoint
DROP INDEX "orders_product_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "company_notices" ADD CONSTRAINT "company_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_payments_company_idx" ON "company_payments" USING btree ("company_id","received_on","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_po_number_idx" ON "orders" USING btree (lower("po_number"));--> statement-breakpoint
CREATE INDEX "orders_company_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_account_idx" ON "orders" USING btree ("company_id","created_at") WHERE "orders"."payment_method" = 'account';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_has_company" CHECK ("orders"."payment_method" = 'card' or "orders"."company_id" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_po_number_length" CHECK ("orders"."po_number" is null or char_length("orders"."po_number") between 1 and 40);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction" CHECK ("orders"."status" not in ('paid', 'shipped') or "orders"."transaction_id" is not null or "orders"."payment_method" = 'account');--> statement-breakpoint
-- Orders shipped before this migration: the day of their "shipped" event, in the shop's time zone.
UPDATE "orders" SET "shipped_on" = (
	SELECT (max(e."created_at") AT TIME ZONE 'America/New_York')::date
	FROM "order_events" e WHERE e."order_id" = "orders"."id" AND e."to_status" = 'shipped'
) WHERE "status" = 'shipped';
