-- An order holds 1 to 500 lines (issue 25: the cart's checkout). Every existing order gets its one
-- line (line 1: its tool, the tool's SKU today, product name, unit price, quantity) and its total;
-- the orders row keeps the single-product fields as its first line.
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"tool_id" uuid NOT NULL,
	"sku" text,
	"product_name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_lines_line_no_range" CHECK ("order_lines"."line_no" between 1 and 500),
	CONSTRAINT "order_lines_unit_price_positive" CHECK ("order_lines"."unit_price_cents" > 0),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_cents" bigint;--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "line_no", "tool_id", "sku", "product_name", "unit_price_cents", "quantity")
SELECT "orders"."id", 1, "orders"."tool_id", "tools"."sku", "orders"."product_name", "orders"."unit_price_cents", "orders"."quantity"
FROM "orders" JOIN "tools" ON "tools"."id" = "orders"."tool_id";--> statement-breakpoint
UPDATE "orders" SET "total_cents" = "unit_price_cents"::bigint * "quantity";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree (lower("product_name") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_positive" CHECK ("orders"."total_cents" > 0);
