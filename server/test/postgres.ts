import pg from "pg";

/** The PostgreSQL server the API tests use (CI and developer machines run one on 127.0.0.1). */
export const postgresTestUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `work` on a connection to the maintenance database (to create and drop test databases). */
export async function adminConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresTestUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
