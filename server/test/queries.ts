// Which queries a piece of work sends (not a test file itself).
import type { Db } from "../db/database";

/**
 * The SQL text of every query the app sends while `work` runs: the database client under the
 * app's Drizzle handle (a PGlite or a pg pool, both asked through `query`) logs them.
 */
export async function queriesDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (text: unknown, ...rest: unknown[]) => unknown } })
    .$client;
  const sent: string[] = [];
  const query = client.query;
  client.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    sent.push(typeof text === "string" ? text : String((text as { text?: string }).text));
    return query.call(this, text, ...rest);
  };
  try {
    await work();
  } finally {
    client.query = query;
  }
  // The mail sender polls the outbox on its own timer, whatever the request does.
  return sent.filter((text) => !/"outbox"/.test(text));
}
