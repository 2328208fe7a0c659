// Two servers on one PostgreSQL database for the API tests (not a test file itself).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { buildApp } from "../app";
import { type Database, openPostgres } from "../db/database";
import { adminConnection, postgresTestUrl, withDatabase } from "./postgres";
import { registerTestApp, testConfig } from "./test-env";

/** A suite that needs the PostgreSQL server: skipped, with the reason in its name, without one. */
export function describeOnPostgres(title: string, body: () => void): void {
  const unavailable = inject("postgresUnavailable");
  (unavailable ? describe.skip : describe)(
    `${title}${unavailable ? ` (skipped: ${unavailable})` : ""}`,
    body,
  );
}

/** Two servers (two apps, two pools) on one fresh PostgreSQL database, as behind a load balancer. */
export function twoServersOnOnePostgres(configOverrides: Record<string, string> = {}) {
  const servers = { a: undefined as unknown as FastifyInstance, b: undefined as unknown as FastifyInstance };
  const state = { url: "", databases: [] as Database[], name: "" };
  beforeAll(async () => {
    state.name = `cm_t_${inject("runId")}_${process.pid}_two_${Math.random().toString(36).slice(2, 8)}`;
    await adminConnection((c) =>
      c.query(`create database ${state.name} template ${inject("postgresTemplate")}`),
    );
    state.url = withDatabase(postgresTestUrl, state.name);
    // One configuration (one AUTH_SECRET), as every server of a shop has.
    const config = testConfig(configOverrides);
    for (const side of ["a", "b"] as const) {
      const database = await openPostgres(state.url, 3);
      state.databases.push(database);
      servers[side] = await buildApp({ database, config, serveWeb: false });
      registerTestApp(servers[side], database.db);
      await servers[side].ready();
    }
  });
  afterAll(async () => {
    await servers.a?.close();
    await servers.b?.close();
    for (const database of state.databases) await database.close();
    if (state.name)
      await adminConnection((c) => c.query(`drop database if exists ${state.name} with (force)`));
  });
  return {
    servers,
    get db() {
      const first = state.databases[0];
      if (!first) throw new Error("not started");
      return first.db;
    },
    get url() {
      return state.url;
    },
  };
}
