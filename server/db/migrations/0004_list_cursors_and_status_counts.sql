CREATE TABLE "order_status_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "order_status_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
DROP INDEX "contact_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree (lower("product_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
-- order_status_counts follows every insert, status change and delete of an order, in the same
-- transaction, whoever writes (decision 013). The rows are locked in status order (no deadlock
-- between two changes), on the order's own shard of 16.
CREATE FUNCTION "order_status_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_status_counts AS c (status, shard, count)
  SELECT v.status, hashtext(v.id::text) & 15, sum(v.change)
  FROM (
    SELECT OLD.status, OLD.id, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.status, NEW.id, 1 WHERE TG_OP <> 'DELETE'
  ) AS v(status, id, change)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (status, shard) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_status_counts" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_status_counts_track"();--> statement-breakpoint
CREATE FUNCTION "order_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_truncate_status_counts" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_clear"();--> statement-breakpoint
INSERT INTO "order_status_counts" (status, shard, count)
  SELECT status, hashtext(id::text) & 15, count(*) FROM "orders" GROUP BY 1, 2;
