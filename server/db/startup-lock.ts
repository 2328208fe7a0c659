import pg from "pg";

/**
 * The advisory lock key every Car Mechanic server takes around migrating and seeding: a fixed
 * 64-bit number no other application on the database uses ("carmech" in ASCII).
 */
export const startupLockKey = "7161130696673814528";

/**
 * Runs `work` while a session of its own holds the start-up advisory lock of the database that
 * `connection` reaches: servers starting together take turns, and each finds what the one before
 * it did. `work` uses its own pool (which may have a single connection); the lock ends with the
 * session, so a server that dies while holding it frees it at once.
 */
export async function withStartupLock<T>(connection: pg.ClientConfig, work: () => Promise<T>): Promise<T> {
  const session = new pg.Client({ ...connection, application_name: "car-mechanic start-up lock" });
  // A database restart while it is held ends the lock with the session; `work` fails on its own pool.
  session.on("error", () => undefined);
  await session.connect();
  try {
    await session.query("select pg_advisory_lock($1)", [startupLockKey]);
    return await work();
  } finally {
    await session.end();
  }
}
