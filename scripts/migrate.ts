// `npm run migrate`: brings the database's schema up to date, then exits, for deployments that
// migrate before rolling out new servers (each server also migrates when it starts, under the same
// PostgreSQL advisory lock, so running it twice or next to starting servers is harmless).
import { loadConfig, readEnvFile } from "../server/config";
import { openDatabase } from "../server/db/database";

readEnvFile();
const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
await database.close();
console.log(`The ${database.kind === "pglite" ? "embedded" : "PostgreSQL"} database's schema is up to date.`);
