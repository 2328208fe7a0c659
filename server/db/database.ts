import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./lock";

/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction (or a savepoint inside one), for work that must commit or roll back with its caller's. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, "migrations");

/** Embedded PostgreSQL (PGlite) in a data folder this process locks exclusively. */
export async function openPglite(dataDir: string): Promise<Database> {
  const unlock = await lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "pglite"));
    return await fromPglite(client, async () => {
      await client.close();
      await unlock();
    });
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** Wraps an open PGlite instance (tests pass in-memory ones) and brings its schema up to date. */
export async function fromPglite(client: PGlite, close = () => client.close()): Promise<Database> {
  const db = drizzlePglite(client, { casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close };
}

/** A PostgreSQL server reached through a connection pool. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server closes (restart, admin kill) is an error event on the pool; without
  // a listener it would crash the process. The pool replaces the connection on the next query.
  pool.on("error", (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  try {
    const db = drizzlePg(pool, { casing: "snake_case" });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute("select 1");
    return true;
  } catch {
    return false;
  }
}
