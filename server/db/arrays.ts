import { type SQL, sql } from "drizzle-orm";

/**
 * `values` as ONE parameter of a PostgreSQL array type (`$1::uuid[]`), where drizzle would spread an
 * array into one parameter per element: a statement about 500 lines keeps a few parameters (less to
 * build, send and parse), for `= any(…)` and `unnest(…)`. node-postgres and PGlite both send a
 * JavaScript array as an array literal.
 */
export function arrayParam(
  values: readonly unknown[],
  type: "uuid" | "integer" | "bigint" | "smallint" | "text",
): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}
