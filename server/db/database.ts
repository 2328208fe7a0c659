import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { keepWasmOnBaselineCompiler } from "#server/runtime/wasm-compiler";
import { authSchema } from "../accounts/tables";
import { lockDataDir } from "./lock";
import { copyPgliteTemplate } from "./pglite-template";
import { withStartupLock } from "./startup-lock";

/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction (or a savepoint inside one), for work that must commit or roll back with its caller's. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs `work` while no other server of this database runs its own (PostgreSQL's advisory lock:
   * the start-up's migrating, seeding and admin promotion); PGlite has one process anyway.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** server/db/migrations, or for the built server its copy in dist/server/migrations. */
export const migrationsFolder = path.join(import.meta.dirname, "migrations");

/**
 * What every PGlite of the shop opens with. The extensions the migrations create (pg_trgm: the
 * catalog's typo-tolerant search). PostgreSQL's shared buffers at 16 MB rather than the 128 MB
 * initdb writes: PGlite keeps them in its WebAssembly memory, which the process holds whole from
 * start-up on, and the shop's data are a few MB (a page it no longer holds is one read away, in
 * the system's file cache).
 */
export const pgliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
} satisfies PGliteOptions;

keepWasmOnBaselineCompiler();

/** Embedded PostgreSQL (PGlite) in a data folder this process locks exclusively. */
export async function openPglite(dataDir: string): Promise<Database> {
  const unlock = await lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, "pglite");
    // A new folder starts as a copy of the build's migrated template, not with PGlite's initdb.
    copyPgliteTemplate(pgdata, migrationsFolder);
    const client = await PGlite.create({ ...pgliteOptions, dataDir: pgdata });
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
  const db = drizzlePglite(client, { casing: "snake_case", schema: authSchema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", exclusively: (work) => work(), close };
}

/**
 * A PostgreSQL server reached through a connection pool, its schema brought up to date under the
 * start-up lock (servers starting together on a new database would otherwise race to create it).
 * `logger` hears every statement with its parameters (bench/checkout.ts replays a checkout's).
 */
export async function openPostgres(
  connectionString: string,
  poolSize = 10,
  logger?: Logger,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  keepConnectionLossesFromCrashing(pool);
  try {
    const db = drizzlePg(pool, { casing: "snake_case", schema: authSchema, logger });
    const exclusively = <T>(work: () => Promise<T>) => withStartupLock({ connectionString }, work);
    await exclusively(() => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: "postgres", exclusively, close: () => pool.end() };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/**
 * A connection the database closes (a restart, a failover, an admin's kill) is an `'error'` event
 * on its client, which without a listener ends the process. The pool listens to its idle clients
 * only; a client checked out (a transaction between two statements) is heard by its own listener,
 * added when the pool opens it. The query under way fails (the route answers 503, http/errors.ts),
 * and the pool drops the client when it comes back and opens a new one for the next query.
 */
function keepConnectionLossesFromCrashing(pool: pg.Pool): void {
  const lost = (err: Error) => console.error(`PostgreSQL connection lost: ${err.message}`);
  pool.on("connect", (client) => client.on("error", lost));
  pool.on("error", () => undefined); // the client's own listener has logged it
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
