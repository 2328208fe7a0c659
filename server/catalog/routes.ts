import type { FastifyInstance } from "fastify";
import { deletedToolAnswer, insertedAnswer, toolListAnswer, toolSchema } from "../../contract/answers";
import { newToolSchema, toolChangesSchema, toolIdParams, toolListQuery } from "../../contract/catalog";
import { pageQuery, totalCountHeader } from "../../contract/pagination";
import {
  lowStockListAnswer,
  stockAdjustedAnswer,
  stockChangeSchema,
  stockMovementListAnswer,
} from "../../contract/stock";
import { signedInUser } from "../accounts/access";
import { conflict, errorResponse, notFound, parseInput } from "../http/errors";
import { sendPage } from "../http/pages";
import { keepAnswers, type ReadyResponsesPort } from "../http/ready-responses";
import type { CachedPage, ToolListCache } from "./list-cache";
import { isDefaultView } from "./search";
import type { CatalogService, ToolPage } from "./service";

const serialise = ({ items, total }: ToolPage): CachedPage => ({
  body: Buffer.from(JSON.stringify(items)),
  total,
});

export function catalogRoutes(
  app: FastifyInstance,
  deps: { catalog: CatalogService; toolList: ToolListCache; readyResponses?: ReadyResponsesPort },
) {
  app.get(
    "/api/service",
    {
      config: { access: "public", scope: "catalog:read" },
      schema: {
        tags: ["Catalog"],
        summary: "A page of tools, searched, filtered and sorted",
        querystring: toolListQuery,
        response: { 200: toolListAnswer },
      },
      onResponse: keepAnswers(deps.readyResponses),
    },
    async (request, reply) => {
      const query = parseInput(toolListQuery, request.query);
      // The address every visit reads is then answered before routing (server/http/ready-responses.ts).
      const offer = request.url === "/api/service" ? deps.readyResponses?.begin(request) : undefined;
      // Only the default view (what every visit reads) is cached: searches are unbounded, and sorted or
      // filtered views are rarer than keeping a cache of each is worth.
      const page = isDefaultView(query)
        ? await deps.toolList.get(query)
        : serialise(await deps.catalog.listTools(query));
      offer?.(page.body);
      return reply
        .header(totalCountHeader, page.total)
        .header("content-type", "application/json; charset=utf-8")
        .send(page.body);
    },
  );

  app.get(
    "/api/service/:id",
    {
      config: { access: "public", scope: "catalog:read" },
      schema: {
        tags: ["Catalog"],
        summary: "One tool",
        params: toolIdParams,
        response: { 200: toolSchema },
      },
    },
    async (request) => {
      const { id } = parseInput(toolIdParams, request.params);
      const tool = await deps.catalog.getTool(id);
      if (!tool) throw notFound("No tool with that id");
      return tool;
    },
  );

  const toolAdmin = { tags: ["Catalog (admin)"] };

  app.post(
    "/api/service",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "Add a tool",
        body: newToolSchema,
        response: { 201: insertedAnswer },
      },
    },
    async (request, reply) => {
      const input = parseInput(newToolSchema, request.body);
      const insertedId = await deps.catalog.createTool(input, signedInUser(request).id);
      deps.toolList.invalidate();
      return reply.status(201).send({ insertedId });
    },
  );

  // A tool with orders is archived rather than deleted; either way it is gone from the shop.
  app.delete(
    "/api/service/:id",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "Take a tool off the shop",
        description:
          "A tool with orders is archived (kept for them, `archived: true`); any other is deleted.",
        params: toolIdParams,
        response: { 200: deletedToolAnswer },
      },
    },
    async (request) => {
      const { id } = parseInput(toolIdParams, request.params);
      const removed = await deps.catalog.removeTool(id);
      if (!removed) throw notFound("No tool with that id");
      deps.toolList.invalidate();
      return { deletedCount: 1, archived: removed === "archived" };
    },
  );

  app.patch(
    "/api/service/:id",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "Change a tool",
        params: toolIdParams,
        body: toolChangesSchema,
        response: { 200: toolSchema },
      },
    },
    async (request) => {
      const { id } = parseInput(toolIdParams, request.params);
      const tool = await deps.catalog.updateTool(id, parseInput(toolChangesSchema, request.body));
      if (!tool) throw notFound("No tool with that id");
      deps.toolList.invalidate();
      return tool;
    },
  );

  // Admin: the tools at or below their low-stock level (the dashboard's Low stock list).
  app.get(
    "/api/service/low-stock",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "The tools at or below their low-stock level, and the sold-out ones",
        response: { 200: lowStockListAnswer },
      },
    },
    async () => deps.catalog.listLowStock(),
  );

  // The stock ledger: a tool's movements, newest first, and an admin's restock or correction.
  app.get(
    "/api/service/:id/stock",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "A page of a tool's stock movements, newest first",
        params: toolIdParams,
        querystring: pageQuery,
        response: { 200: stockMovementListAnswer },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(toolIdParams, request.params);
      const query = parseInput(pageQuery, request.query);
      const page = await deps.catalog.listMovements(id, query);
      if (!page) throw notFound("No tool with that id");
      return sendPage(reply, page);
    },
  );

  app.post(
    "/api/service/:id/stock",
    {
      config: { access: "admin" },
      schema: {
        ...toolAdmin,
        summary: "Restock, correct or write off a tool's stock",
        params: toolIdParams,
        body: stockChangeSchema,
        response: { 201: stockAdjustedAnswer, 409: errorResponse("The change would take the stock below 0") },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(toolIdParams, request.params);
      const change = parseInput(stockChangeSchema, request.body);
      const result = await deps.catalog.adjustStock(id, { ...change, actorUserId: signedInUser(request).id });
      if (result === "not-found") throw notFound("No tool with that id");
      if (result === "negative") throw conflict("The stock can't go below 0");
      deps.toolList.invalidate();
      return reply.status(201).send(result);
    },
  );
}
