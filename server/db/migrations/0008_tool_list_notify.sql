-- Every change of the tools table (a tool added, edited, archived or deleted; stock taken by an order
-- or given back) tells every server listening on "tool_list_changed" to drop its cached tool list
-- (server/catalog/list-changes.ts). NOTIFY in a transaction is delivered at its commit, once.
CREATE FUNCTION "tool_list_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tool_list_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tools_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tools"
  FOR EACH STATEMENT EXECUTE FUNCTION "tool_list_notify"();
