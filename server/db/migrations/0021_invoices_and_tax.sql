CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "invoice_counters_last" CHECK ("invoice_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"refers_to" uuid,
	"reason" text,
	"issued_on" date NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"document" jsonb NOT NULL,
	"file_key" text,
	"sha256" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_credit_note_refers" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."refers_to" is not null)),
	CONSTRAINT "invoices_sequence" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_details" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"bank_details" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_details_one_row" CHECK ("seller_details"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" text NOT NULL,
	"region_key" text NOT NULL,
	"region" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "tax_rates_country_region_key_pk" PRIMARY KEY("country","region_key"),
	CONSTRAINT "tax_rates_country" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_milli" between 0 and 100000),
	CONSTRAINT "tax_rates_region_key" CHECK ("tax_rates"."region_key" = lower("tax_rates"."region"))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_label" text DEFAULT 'No tax' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_idx" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_kind_idx" ON "invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_on","created_at","id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax" CHECK ("order_lines"."tax_rate_milli" between 0 and 100000 and "order_lines"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_not_negative" CHECK ("orders"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country" CHECK ("orders"."country" ~ '^[A-Z]{2}$');