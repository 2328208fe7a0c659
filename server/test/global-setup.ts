// Runs once per `vitest run`: builds one migrated template of each database, which every test
// file then copies (a fresh PGlite takes seconds to create; a copy about one).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { fromPglite, openPostgres, pgliteOptions } from "../db/database";
import { adminConnection, postgresTestUrl, withDatabase } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    postgresUnavailable: string;
    runId: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  project.provide("runId", runId);

  const dumpFile = path.join(os.tmpdir(), `car-mechanic-pglite-template-${runId}.tar`);
  const template = await PGlite.create({ ...pgliteOptions });
  await (await fromPglite(template, async () => {})).db.execute("select 1");
  const dump = await template.dumpDataDir("none");
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", dumpFile);

  const templateDb = `cm_tpl_${runId}`;
  let unavailable = "";
  try {
    await adminConnection(async (client) => {
      await client.query(`create database ${templateDb}`);
    });
    const migrated = await openPostgres(withDatabase(postgresTestUrl, templateDb), 1);
    await migrated.close();
  } catch (err) {
    unavailable = `PostgreSQL at ${postgresTestUrl} could not be used: ${(err as Error).message}`;
    if (process.env.CI) throw new Error(`${unavailable} (CI needs it: the API tests run on both databases)`);
    console.warn(`\n!!! ${unavailable}\n!!! The PostgreSQL half of the API tests is SKIPPED.\n`);
  }
  project.provide("postgresTemplate", unavailable ? "" : templateDb);
  project.provide("postgresUnavailable", unavailable);

  return async () => {
    fs.rmSync(dumpFile, { force: true });
    if (unavailable) return;
    await adminConnection(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`cm_%${runId}%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
  };
}
