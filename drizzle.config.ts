import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: migrations are applied by the server at start-up
// (server/db/migrate.ts), never by drizzle-kit against a data folder a server may have open.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/*/tables.ts",
  out: "./server/db/migrations",
  casing: "snake_case",
});
