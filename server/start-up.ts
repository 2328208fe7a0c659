import { createUsersService } from "./accounts/service";
import { catalogIsEmpty } from "./catalog/seed";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { seedDemoData } from "./demo/seed";

/**
 * What a server does once on an opened (migrated) database before it serves: the demo data on a
 * new database, and the admin promotion. Servers starting together take turns (the database's
 * start-up lock): the first seeds, the others find the catalog no longer empty. Answers what the
 * seed added, or undefined when it did not run.
 */
export function prepareShop(
  database: Database,
  config: Pick<Config, "seedDemoData" | "adminEmails">,
): Promise<{ tools: number; reviews: number } | undefined> {
  return database.exclusively(async () => {
    const added =
      config.seedDemoData && (await catalogIsEmpty(database.db))
        ? await seedDemoData(database.db)
        : undefined;
    await createUsersService(database.db).promote(config.adminEmails);
    return added;
  });
}
