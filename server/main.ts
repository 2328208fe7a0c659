import { buildApp } from "./app";
import { loadConfig, readEnvFile } from "./config";
import { openDatabase } from "./db/database";
import { DataDirInUseError } from "./db/lock";
import { closeGracefullyOnSignals } from "./http/shutdown";
import { prepareShop } from "./start-up";

readEnvFile();
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

const added = await prepareShop(database, config);
if (added) console.log(`New database: added ${added.tools} demo tools and ${added.reviews} reviews.`);

const app = await buildApp({ database, config, rateLimitKeyPrefix: config.redisKeyPrefix });
closeGracefullyOnSignals(app, {
  drainMs: config.shutdownDrainMs,
  timeoutMs: config.shutdownTimeoutMs,
  afterClose: () => database.close(),
});

if (config.databaseUrl && !config.s3) {
  app.log.warn(
    "DATABASE_URL is set but S3_BUCKET is not: uploaded photos stay on this server's disk " +
      `(${config.dataDir}/uploads), and every other server of the shop answers 404 for them. ` +
      "Set S3_BUCKET (README, Deploying) when more than one server runs.",
  );
}

await app.listen({ port: config.port, host: config.host });
const where = database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL";
console.log(`Car Mechanic is open on ${config.publicUrl} (database: ${where})`);
