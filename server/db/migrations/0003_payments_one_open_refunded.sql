ALTER TABLE "payments" DROP CONSTRAINT "payments_status_known";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Orders that older servers gave several open payments keep only their newest one open; the older ones
-- can no longer be handed out (a charge on one of them still reaches the shop through the gateway,
-- and is applied or refunded).
UPDATE "payments" AS "older" SET "status" = 'failed', "failure_message" = 'Replaced by a newer payment of the same order', "updated_at" = now() WHERE "older"."status" in ('requires_payment_method', 'processing') AND EXISTS (SELECT 1 FROM "payments" AS "newer" WHERE "newer"."order_id" = "older"."order_id" AND "newer"."status" in ('requires_payment_method', 'processing') AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" in ('requires_payment_method', 'processing');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_recorded" CHECK ("payments"."status" <> 'refunded' or "payments"."refunded_at" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled', 'refunded'));