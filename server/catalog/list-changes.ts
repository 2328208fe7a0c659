import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "#server/db/database";

/** Notified by a trigger on `tools` at the commit of every change to it (migration 0008). */
export const toolListChannel = "tool_list_changed";

type Log = { warn(details: object, message: string): void };

/**
 * Calls `onChange` whenever any server (this one included) commits a change to the tools table,
 * so every server's cached tool list is dropped within moments. On PostgreSQL a connection of its
 * own LISTENs (a pooled one would be handed to queries); when it is lost it is opened again, and
 * `onChange` is called once it listens again, for what changed meanwhile. On PGlite (one process)
 * its own `listen`. Answers a function that stops listening.
 */
export async function listenForToolListChanges(
  database: Database,
  onChange: () => void,
  log: Log,
): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(toolListChannel, onChange);
    return () => unlisten();
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return listenOnPostgres(pool.options, onChange, log);
}

const firstRetryMs = 250;
/** At most this long after the database accepts connections again, the servers listen again. */
const maxRetryMs = 1000;

async function listenOnPostgres(options: pg.ClientConfig, onChange: () => void, log: Log) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | undefined;

  function reconnectLater(lost: pg.Client, err?: Error) {
    if (stopped || client !== lost) return;
    client = undefined;
    lost.end().catch(() => undefined);
    // Once per outage, not on every try while the database is away.
    if (retryMs === firstRetryMs)
      log.warn(
        { err },
        "lost the connection listening for tool-list changes; listening again once the database answers (until then the list is at most 5 s stale)",
      );
    retry = setTimeout(() => void connect().catch(() => undefined), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }

  async function connect(): Promise<void> {
    const listener = new pg.Client({ ...options, application_name: "car-mechanic tool-list listener" });
    client = listener;
    listener.on("notification", (message) => {
      if (message.channel === toolListChannel) onChange();
    });
    listener.on("error", (err) => reconnectLater(listener, err));
    listener.on("end", () => reconnectLater(listener));
    try {
      await listener.connect();
      await listener.query(`listen ${toolListChannel}`);
    } catch (err) {
      reconnectLater(listener, err as Error);
      throw err;
    }
    retryMs = firstRetryMs;
    onChange();
  }

  await connect().catch(() => undefined); // retried by reconnectLater; the TTL bounds staleness meanwhile
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
