import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Where `npm run build` keeps the template of a new data folder: dist/pglite-template, beside
 * dist/web. This file (server/db/) and the built server (dist/server/) are both two folders below
 * the project's root.
 */
export const pgliteTemplatesDir = path.join(import.meta.dirname, "../../dist/pglite-template");

/**
 * The template a new data folder starts from: a PGlite data directory with every migration applied,
 * made by the build (`server/db/build-pglite-template.ts`). Its name says which PGlite and which
 * migrations made it, so a server never starts from another version's: a build made before an
 * upgrade or a new migration is simply not found, and the server runs PGlite's initdb as before.
 */
export function pgliteTemplateFolder(migrationsFolder: string): string {
  const hash = crypto.createHash("sha256").update(`pglite ${pgliteVersion()}\n`);
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort();
  for (const name of files) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(`${name}\n`).update(fs.readFileSync(file));
  }
  return path.join(pgliteTemplatesDir, hash.digest("hex").slice(0, 16));
}

/**
 * Makes a data directory that does not exist yet (or is empty) a copy of the build's template, in
 * place of PGlite's initdb; a copy cut short leaves only the `.partial` folder, never a half
 * database. Answers whether it did (false: no template for this PGlite and these migrations).
 */
export function copyPgliteTemplate(pgdata: string, migrationsFolder: string): boolean {
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) return false;
  const template = pgliteTemplateFolder(migrationsFolder);
  if (!fs.existsSync(template)) return false;
  const partial = `${pgdata}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(partial, pgdata);
  return true;
}

function pgliteVersion(): string {
  // The package exports no package.json; its main file is in dist/, one folder below it.
  const main = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = path.join(path.dirname(main), "../package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}
