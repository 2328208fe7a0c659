import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { signedInUser } from "../accounts/access";
import type { Db } from "../db/database";
import { datedFilename, sendCsv } from "../http/csv";
import { badRequest, HttpError } from "../http/errors";
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
      const file = await readUploadedFile(request);
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

async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the CSV file as multipart/form-data in the field "${importField}"`);
  }
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== importField) {
        part.file.resume();
        throw badRequest(`Send the CSV file in the field "${importField}"`);
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "The file is larger than 5 MB");
    throw badRequest("The upload is not a valid multipart form");
  }
  if (!file) throw badRequest(`Choose a CSV file to import in the field "${importField}"`);
  return file;
}
