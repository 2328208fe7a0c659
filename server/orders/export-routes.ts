import type { FastifyInstance } from "fastify";
import { ordersExportQuery } from "../../contract/orders";
import type { Db } from "../db/database";
import { datedFilename, sendCsv } from "../http/csv";
import { parseInput } from "../http/errors";
import { orderExportHeader, orderExportRows } from "./export";

export function orderExportRoutes(app: FastifyInstance, deps: { db: Db }) {
  // Every matching order, oldest first, streamed as it is read.
  app.get("/api/export/orders.csv", { config: { access: "admin" } }, async (request, reply) => {
    const query = parseInput(ordersExportQuery, request.query);
    return sendCsv(reply, datedFilename("orders"), orderExportHeader, orderExportRows(deps.db, query));
  });
}
