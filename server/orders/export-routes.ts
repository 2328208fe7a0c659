import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ordersExportQuery } from "../../contract/orders";
import type { Db } from "../db/database";
import { datedFilename, sendCsv } from "../http/csv";
import { parseInput } from "../http/errors";
import { orderExportHeader, orderExportRows } from "./export";

export function orderExportRoutes(app: FastifyInstance, deps: { db: Db }) {
  // Every matching order, oldest first, streamed as it is read.
  app.get(
    "/api/export/orders.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Orders (admin)"],
        summary: "Orders as a CSV file, oldest first",
        querystring: ordersExportQuery,
        response: {
          200: {
            description: "The orders (UTF-8, a header row)",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const query = parseInput(ordersExportQuery, request.query);
      return sendCsv(reply, datedFilename("orders"), orderExportHeader, orderExportRows(deps.db, query));
    },
  );
}
