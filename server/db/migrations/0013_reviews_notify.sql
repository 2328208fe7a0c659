-- The home page shows the reviews, and every server keeps its rendered public pages until what they
-- show changes (server/web/public-pages.ts): a change of the reviews table tells them too, on the
-- channel that already carries the tool list's changes (migration 0008, server/catalog/list-changes.ts).
CREATE TRIGGER "reviews_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "tool_list_notify"();
