import Fastify, { type FastifyInstance, LogController } from "fastify";
import { createAuth } from "./accounts/auth";
import { authRoutes } from "./accounts/auth-routes";
import { createGuards } from "./accounts/guards";
import { accountRoutes } from "./accounts/routes";
import { resolveAuthSecret } from "./accounts/secret";
import { createUsersService } from "./accounts/service";
import { createToolListCache } from "./catalog/list-cache";
import { catalogRoutes } from "./catalog/routes";
import { createCatalogService } from "./catalog/service";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { healthRoutes } from "./health/routes";
import { installErrorHandlers } from "./http/errors";
import { refuseCrossSiteWrites } from "./http/origin-check";
import { serveWebApp } from "./web/static";

export type AppOptions = {
  database: Database;
  config: Config;
  /** Serve the built web app from dist/web (off in API tests). */
  serveWeb?: boolean;
};

/** The composition root: builds every service from the database and mounts each domain's routes. */
export async function buildApp({ database, config, serveWeb = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // One log line per request costs more than serving a cached catalog page; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // A child logger per request costs a quarter of a cached read; errors log method and URL themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: 64 * 1024,
    trustProxy: process.env.TRUST_PROXY === "true",
  });
  installErrorHandlers(app);

  const { db } = database;
  const trustedOrigins = [config.publicUrl, ...config.trustedOrigins];
  refuseCrossSiteWrites(app, trustedOrigins);

  const auth = createAuth({
    db,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    google: config.google,
    adminEmails: config.adminEmails,
    signInAttemptsPerMinute: config.authRateLimit,
  });
  const guards = createGuards(auth);
  const users = createUsersService(db);
  const catalog = createCatalogService(db);
  const toolList = createToolListCache((q) => catalog.listTools(q));

  healthRoutes(app, { db, databaseKind: database.kind });
  authRoutes(app, { auth, publicUrl: config.publicUrl, google: config.google !== undefined });
  accountRoutes(app, { guards, users });
  catalogRoutes(app, { catalog, toolList });

  if (serveWeb) await serveWebApp(app);
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: "Not found" }));
  return app;
}
