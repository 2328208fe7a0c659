import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { catalogFileBody, importToolsAnswer, importToolsRefusal } from "../../contract/catalog";
import { signedInUser } from "../accounts/access";
import type { Db } from "../db/database";
import { datedFilename, sendCsv } from "../http/csv";
import { readUploadedFile } from "../http/uploaded-file";
import { importTools, toolCsvHeader, toolExportRows } from "./csv";
import type { ToolListCache } from "./list-cache";

/** The catalog file an import reads: field `file` of a multipart form. */
export const importField = "file";
const maxImportBytes = 5 * 1024 * 1024;

export async function catalogCsvRoutes(app: FastifyInstance, deps: { db: Db; toolList: ToolListCache }) {
  app.get(
    "/api/export/tools.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["Catalog (admin)"],
        summary: "The catalog as a CSV file",
        description: "Every tool on sale, one a row, in the columns `POST /api/import/tools` reads back.",
        response: {
          200: {
            description: "The catalog (UTF-8, a header row)",
            content: { "text/csv": { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, datedFilename("tools"), toolCsvHeader, await toolExportRows(deps.db)),
  );

  // Multipart is parsed in this scope only; every other route keeps taking JSON.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxImportBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    });
    scope.post(
      "/api/import/tools",
      {
        config: { access: "admin" },
        schema: {
          tags: ["Catalog (admin)"],
          summary: "Add and change tools from a CSV file",
          description:
            "All rows or none: every row is checked first, and a file with any problem changes nothing (400 with each row's problems).",
          consumes: ["multipart/form-data"],
          body: catalogFileBody,
          response: { 200: importToolsAnswer, 400: importToolsRefusal },
        },
      },
      async (request, reply) => {
        const admin = signedInUser(request);
        const file = await readUploadedFile(request, {
          field: importField,
          tooLarge: "The file is larger than 5 MB",
          missing: `Choose a CSV file to import in the field "${importField}"`,
        });
        // The page's own address, as its photos' addresses are copied from the browser.
        const shopOrigins = [request.headers.origin ?? "", `${request.protocol}://${request.host}`];
        const result = await importTools(deps.db, file, admin.id, shopOrigins);
        if (!result.ok) return reply.status(400).send({ error: result.error, rows: result.rows });
        deps.toolList.invalidate();
        const { ok: _, ...counts } = result;
        return counts;
      },
    );
  });
}
