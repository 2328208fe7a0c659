import type { FastifyInstance } from "fastify";
import { healthAnswer, notReadyAnswer, readyAnswer } from "../../contract/shop-answers";
import { type Db, databaseAnswers } from "../db/database";

declare module "fastify" {
  interface FastifyInstance {
    /** Set once the process is shutting down (server/http/shutdown.ts): readiness answers 503. */
    draining: boolean;
  }
}

/**
 * Liveness (`/api/health`: the process and its database answer; restart it when not) and readiness
 * (`/api/health/ready`: send it traffic; 503 as soon as it starts shutting down, while it still
 * serves what reaches it).
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; databaseKind: string }) {
  app.decorate("draining", false);

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["Health"],
        summary: "Liveness: the process and its database answer",
        response: { 200: healthAnswer, 503: healthAnswer.describe("The database does not answer: restart") },
      },
    },
    async (_request, reply) => {
      const ok = await databaseAnswers(deps.db);
      return reply.status(ok ? 200 : 503).send({ ok, database: { kind: deps.databaseKind, answers: ok } });
    },
  );

  app.get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["Health"],
        summary: "Readiness: send this server traffic",
        response: {
          200: readyAnswer,
          503: notReadyAnswer.describe("Shutting down, or the database does not answer"),
        },
      },
    },
    async (_request, reply) => {
      if (app.draining) return reply.status(503).send({ ready: false, reason: "shutting down" });
      const answers = await databaseAnswers(deps.db);
      if (!answers) return reply.status(503).send({ ready: false, reason: "the database does not answer" });
      return reply.send({ ready: true });
    },
  );
}
