import type { FastifyInstance } from "fastify";
import { toolIdParams, toolListQuery } from "../../contract/catalog";
import { totalCountHeader } from "../../contract/pagination";
import { notFound, parseInput } from "../http/errors";
import type { ToolListCache } from "./list-cache";
import type { CatalogService } from "./service";

export function catalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; toolList: ToolListCache },
) {
  app.get("/api/service", async (request, reply) => {
    const page = await deps.toolList.get(parseInput(toolListQuery, request.query));
    return reply
      .header(totalCountHeader, page.total)
      .header("content-type", "application/json; charset=utf-8")
      .send(page.body);
  });

  app.get("/api/service/:id", async (request) => {
    const { id } = parseInput(toolIdParams, request.params);
    const tool = await deps.catalog.getTool(id);
    if (!tool) throw notFound("No tool with that id");
    return tool;
  });
}
