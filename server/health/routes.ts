import type { FastifyInstance } from "fastify";
import { type Db, databaseAnswers } from "../db/database";

export function healthRoutes(app: FastifyInstance, deps: { db: Db; databaseKind: string }) {
  app.get("/api/health", { config: { access: "public" } }, async (_request, reply) => {
    const ok = await databaseAnswers(deps.db);
    return reply.status(ok ? 200 : 503).send({ ok, database: { kind: deps.databaseKind, answers: ok } });
  });
}
