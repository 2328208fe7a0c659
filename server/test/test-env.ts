import crypto from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type AppOptions, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, type Db, fromPglite, openPostgres, pgliteOptions } from "../db/database";
import { adminConnection, postgresTestUrl, withDatabase } from "./postgres";

export const databaseKinds = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

let fileDatabases = 0;

/** A fresh, migrated database of the given kind, copied from this run's template. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    const dump = fs.readFileSync(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), ...pgliteOptions });
    return fromPglite(client);
  }
  const name = `cm_t_${inject("runId")}_${process.pid}_${++fileDatabases}_${Math.random().toString(36).slice(2, 8)}`;
  await adminConnection((c) => c.query(`create database ${name} template ${inject("postgresTemplate")}`));
  const database = await openPostgres(withDatabase(postgresTestUrl, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await adminConnection((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export const testOrigin = "http://localhost:3000";

/** The configuration tests run with: quiet, a random auth secret, overrides from the test. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: testOrigin,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    AUTH_RATE_LIMIT: "1000",
    ...overrides,
  });
}

const appDatabases = new WeakMap<FastifyInstance, Db>();

/** The database under a test app: the harness reads rows a request left (e.g. a mailed link). */
export function databaseOf(app: FastifyInstance): Db {
  const db = appDatabases.get(app);
  if (!db) throw new Error("databaseOf: not an app a TestEnv started");
  return db;
}

/** Lets `databaseOf` find the database under an app a test built itself (server/test/two-servers.ts). */
export function registerTestApp(app: FastifyInstance, db: Db): void {
  appDatabases.set(app, db);
}

/** One test file's server on one database: the real app, reached through `inject`. */
export class TestEnv {
  private database?: Database;
  private server?: FastifyInstance;

  constructor(
    readonly kind: DatabaseKind,
    private readonly configOverrides: Record<string, string> = {},
    private readonly serveWeb: AppOptions["serveWeb"] = false,
  ) {}

  get db(): Db {
    if (!this.database) throw new Error("TestEnv not started");
    return this.database.db;
  }

  get app(): FastifyInstance {
    if (!this.server) throw new Error("TestEnv not started");
    return this.server;
  }

  async start(): Promise<void> {
    this.database = await openTestDatabase(this.kind);
    this.server = await buildApp({
      database: this.database,
      config: testConfig(this.configOverrides),
      serveWeb: this.serveWeb,
    });
    appDatabases.set(this.server, this.database.db);
    await this.server.ready();
  }

  async stop(): Promise<void> {
    await this.server?.close();
    await this.database?.close();
  }
}

/**
 * Declares the same tests once per database: embedded PGlite and the PostgreSQL server.
 * Without a reachable PostgreSQL the second half is skipped with its reason in the name,
 * except in CI, where global setup already failed the run.
 */
export function describeEachDatabase(
  title: string,
  body: (env: TestEnv) => void,
  configOverrides: Record<string, string> = {},
  serveWeb: AppOptions["serveWeb"] = false,
): void {
  for (const kind of databaseKinds) {
    const unavailable = kind === "postgres" ? inject("postgresUnavailable") : "";
    const suite = unavailable ? describe.skip : describe;
    suite(`${title} [${kind}]${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
      const env = new TestEnv(kind, configOverrides, serveWeb);
      beforeAll(() => env.start());
      afterAll(() => env.stop());
      body(env);
    });
  }
}
