-- Volume price breaks (issue 26): a tool's breaks, [{minQuantity, priceCents}] in increasing quantity, [] when
-- none (every existing tool). The rules between them are the contract's (priceBreaksProblem); the
-- database only keeps the column an array.
ALTER TABLE "tools" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_price_breaks_array" CHECK (jsonb_typeof("tools"."price_breaks") = 'array');