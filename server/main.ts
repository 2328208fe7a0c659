import { createUsersService } from "./accounts/service";
import { buildApp } from "./app";
import { catalogIsEmpty } from "./catalog/seed";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { DataDirInUseError } from "./db/lock";
import { seedDemoData } from "./demo/seed";

const config = loadConfig();

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (err) {
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

if (config.seedDemoData && (await catalogIsEmpty(database.db))) {
  const added = await seedDemoData(database.db);
  console.log(`New database: added ${added.tools} demo tools and ${added.reviews} reviews.`);
}

await createUsersService(database.db).promote(config.adminEmails);

const app = await buildApp({ database, config });

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const where = database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL";
console.log(`Car Mechanic is open on ${config.publicUrl} (database: ${where})`);
