CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_unit_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0),
	CONSTRAINT "cart_lines_added_price_positive" CHECK ("cart_lines"."added_unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_tool_idx" ON "cart_lines" USING btree ("tool_id");