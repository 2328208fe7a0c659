CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_not_zero" CHECK ("stock_movements"."change" <> 0),
	CONSTRAINT "stock_movements_stock_not_negative" CHECK ("stock_movements"."stock_after" >= 0),
	CONSTRAINT "stock_movements_reason" CHECK (reason in ('initial', 'order', 'release', 'restock', 'correction', 'damaged')),
	CONSTRAINT "stock_movements_note_length" CHECK (char_length("stock_movements"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_tool_idx" ON "stock_movements" USING btree ("tool_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_unique" ON "tools" USING btree ("sku") WHERE "tools"."sku" is not null;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_sku_length" CHECK (char_length("tools"."sku") between 1 and 64);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_not_negative" CHECK ("tools"."low_stock_at" >= 0);--> statement-breakpoint
-- The ledger starts with each tool's stock as it is, so that every tool's movements sum to its stock.
INSERT INTO "stock_movements" ("tool_id", "change", "stock_after", "reason", "note", "created_at")
SELECT "id", "available", "available", 'initial', 'Stock when the ledger began', "created_at" FROM "tools" WHERE "available" > 0;
