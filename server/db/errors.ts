/**
 * The SQLSTATE codes of PostgreSQL's refusals that the services turn into answers. A row still
 * referenced by an `on delete restrict` foreign key is refused as foreign_key_violation (23503) or
 * restrict_violation (23001), depending on the server's version (PGlite answers the latter).
 */
const sqlStates = {
  uniqueViolation: ["23505"],
  foreignKeyViolation: ["23503", "23001"],
} as const satisfies Record<string, readonly string[]>;

/** Whether PostgreSQL refused the statement so, whether the driver's error comes bare or wrapped by Drizzle. */
export function isPgError(err: unknown, refusal: keyof typeof sqlStates): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (sqlStates[refusal] as readonly string[]).includes(code)) return true;
  }
  return false;
}
