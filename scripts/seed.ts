// `npm run seed`: adds the demo catalog and reviews that are missing. Stop the server first when
// it uses the embedded database: the data folder is locked by the process that has it open.
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { seedDemoData } from "../server/demo/seed";

const config = loadConfig();
const database = await openDatabase(config).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
try {
  const added = await seedDemoData(database.db);
  console.log(`Seeded ${added.tools} tools and ${added.reviews} reviews.`);
} finally {
  await database.close();
}
