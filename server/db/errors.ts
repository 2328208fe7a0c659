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

/** Socket errors of a database that is not there (restarting, failing over, unreachable). */
const socketErrors = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/**
 * PostgreSQL's own: connection exceptions (class 08), and admin_shutdown, crash_shutdown and
 * cannot_connect_now (57P01..57P03: the server is stopping, or starting and not yet accepting).
 */
const unavailableSqlState = /^(08...|57P0[123])$/;
/** node-postgres's messages, which carry no code, for a connection lost or never made. */
const lostConnection = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether the database could not be reached or dropped the connection (as opposed to refusing the
 * statement): nothing is wrong with the request, and the same request succeeds once it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && (socketErrors.has(code) || unavailableSqlState.test(code))) return true;
    if (typeof message === "string" && lostConnection.test(message)) return true;
    // Node's AggregateError: every address of the host refused.
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
