-- A review shows "Verified buyer" once its reviewer has a paid or shipped order
-- (server/orders/verified-buyers.ts), and the rendered home page shows the reviews: an order that
-- starts or stops making its buyer a verified one tells every server to drop its kept pages, on the
-- channel of the tool list's and the reviews' changes (migrations 0008, 0013;
-- server/catalog/list-changes.ts). Only then: an order placed unpaid, or a paid one shipped, changes
-- nothing the public pages show, so it notifies nothing (what placing it does to `tools` notifies
-- already). Each trigger fires per row, but its WHEN is checked without calling the function, and
-- PostgreSQL sends a transaction's identical notifications once, at its commit.
CREATE TRIGGER "orders_paid_inserted" AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW."status" IN ('paid', 'shipped') AND NEW."user_id" IS NOT NULL)
  EXECUTE FUNCTION "tool_list_notify"();--> statement-breakpoint
CREATE TRIGGER "orders_paid_changed" AFTER UPDATE OF "status", "user_id" ON "orders"
  FOR EACH ROW WHEN (
    (CASE WHEN OLD."status" IN ('paid', 'shipped') THEN OLD."user_id" END)
      IS DISTINCT FROM (CASE WHEN NEW."status" IN ('paid', 'shipped') THEN NEW."user_id" END)
  )
  EXECUTE FUNCTION "tool_list_notify"();--> statement-breakpoint
CREATE TRIGGER "orders_paid_deleted" AFTER DELETE ON "orders"
  FOR EACH ROW WHEN (OLD."status" IN ('paid', 'shipped') AND OLD."user_id" IS NOT NULL)
  EXECUTE FUNCTION "tool_list_notify"();--> statement-breakpoint
CREATE TRIGGER "orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "tool_list_notify"();
