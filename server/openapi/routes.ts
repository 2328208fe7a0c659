import type { FastifyInstance } from "fastify";

/** `GET /api/openapi.json`: the document of every route (server/openapi/document.ts). */
export function apiDocumentRoutes(app: FastifyInstance) {
  app.get(
    "/api/openapi.json",
    { config: { access: "public" }, schema: { hide: true } },
    async (_request, reply) => reply.header("cache-control", "no-cache").send(app.swagger()),
  );
}
