CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tools_search_trgm_idx" ON "tools" USING gin (("name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_search_fts_idx" ON "tools" USING gin (to_tsvector('english'::regconfig, "name" || ' ' || "description"));