/** The SQLSTATE codes of PostgreSQL's refusals that the services turn into answers. */
const sqlStates = { uniqueViolation: "23505", foreignKeyViolation: "23503" } as const;

/** Whether PostgreSQL refused the statement so, whether the driver's error comes bare or wrapped by Drizzle. */
export function isPgError(err: unknown, refusal: keyof typeof sqlStates): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === sqlStates[refusal]) return true;
  }
  return false;
}
