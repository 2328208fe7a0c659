import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./errors";

/** How an upload route takes its one file: the form field, and how to name a file too large. */
export type UploadedFileRule = { field: string; tooLarge: string; missing: string };

/**
 * The one file of a multipart/form-data request (@fastify/multipart registered in the route's scope
 * with its `fileSize` limit): 415 when the request is not multipart, 413 past the limit, 400 when
 * the file is in another field, missing, or the form is broken.
 */
export async function readUploadedFile(request: FastifyRequest, rule: UploadedFileRule): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, `Send the CSV file as multipart/form-data in the field "${rule.field}"`);
  }
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== rule.field) {
        part.file.resume();
        throw badRequest(`Send the CSV file in the field "${rule.field}"`);
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, rule.tooLarge);
    throw badRequest("The upload is not a valid multipart form");
  }
  if (!file) throw badRequest(rule.missing);
  return file;
}
