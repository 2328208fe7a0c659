import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
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
  app.get("/api/export/tools.csv", { config: { access: "admin" } }, async (_request, reply) =>
    sendCsv(reply, datedFilename("tools"), toolCsvHeader, await toolExportRows(deps.db)),
  );

  // Multipart is parsed in this scope only; every other route keeps taking JSON.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxImportBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 50 },
    });
    scope.post("/api/import/tools", { config: { access: "admin" } }, async (request, reply) => {
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
    });
  });
}
