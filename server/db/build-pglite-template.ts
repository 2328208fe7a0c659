// The last step of `npm run build` (built as dist/server/pglite-template.js): the template a new
// embedded database starts from (server/db/pglite-template.ts), made once per PGlite version and
// set of migrations. A fresh start then copies its files instead of running PGlite's initdb, which
// takes seconds and, with a second PGlite of its own, makes most of a fresh start's memory peak.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite, migrationsFolder, pgliteOptions } from "./database";
import { pgliteTemplateFolder, pgliteTemplatesDir } from "./pglite-template";

const template = pgliteTemplateFolder(migrationsFolder);
const shown = path.relative(process.cwd(), template);
if (fs.existsSync(template)) {
  console.log(`PGlite template: ${shown} is up to date.`);
} else {
  // Templates of other versions or migrations are of no more use.
  fs.rmSync(pgliteTemplatesDir, { recursive: true, force: true });
  fs.mkdirSync(pgliteTemplatesDir, { recursive: true });
  const partial = `${template}.partial`;
  const database = await fromPglite(await PGlite.create({ ...pgliteOptions, dataDir: partial }));
  await database.close();
  fs.renameSync(partial, template);
  console.log(`PGlite template: wrote ${shown}.`);
}
