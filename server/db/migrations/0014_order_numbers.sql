-- Every order gets a number a person can read and say on the phone (CM-10482): from a sequence,
-- unique. Existing orders are numbered first, oldest first from 10001; new ones continue after them.
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" SET "number" = 10000 + numbered.position
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS position FROM "orders") AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_number_seq', coalesce(max("number") + 1, 10001), false) FROM "orders";--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;
