import type { FastifyInstance } from "fastify";
import { newToolSchema, toolIdParams, toolListQuery } from "../../contract/catalog";
import { totalCountHeader } from "../../contract/pagination";
import { notFound, parseInput } from "../http/errors";
import type { ToolListCache } from "./list-cache";
import type { CatalogService } from "./service";

export function catalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; toolList: ToolListCache },
) {
  app.get("/api/service", { config: { access: "public" } }, async (request, reply) => {
    const page = await deps.toolList.get(parseInput(toolListQuery, request.query));
    return reply
      .header(totalCountHeader, page.total)
      .header("content-type", "application/json; charset=utf-8")
      .send(page.body);
  });

  app.get("/api/service/:id", { config: { access: "public" } }, async (request) => {
    const { id } = parseInput(toolIdParams, request.params);
    const tool = await deps.catalog.getTool(id);
    if (!tool) throw notFound("No tool with that id");
    return tool;
  });

  app.post("/api/service", { config: { access: "admin" } }, async (request, reply) => {
    const insertedId = await deps.catalog.createTool(parseInput(newToolSchema, request.body));
    deps.toolList.invalidate();
    return reply.status(201).send({ insertedId });
  });

  // A tool with orders is archived rather than deleted; either way it is gone from the shop.
  app.delete("/api/service/:id", { config: { access: "admin" } }, async (request) => {
    const { id } = parseInput(toolIdParams, request.params);
    const removed = await deps.catalog.removeTool(id);
    if (!removed) throw notFound("No tool with that id");
    deps.toolList.invalidate();
    return { deletedCount: 1, archived: removed === "archived" };
  });
}
