import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { uploadAnswer } from "../../contract/answers";
import {
  maxUploadBytes,
  uploadField,
  uploadForm,
  uploadNameParams,
  uploadNamePattern,
} from "../../contract/uploads";
import { signedInUser } from "../accounts/access";
import { badRequest, errorResponse, HttpError, notFound } from "../http/errors";
import type { RateLimiter } from "../rate-limits/rate-limiter";
import type { UploadsService } from "./service";

const tooLarge = `The photo is larger than ${maxUploadBytes / 1024 / 1024} MB`;

/** Photos one user may upload in a window (every attempt counts: each one is decoded and re-encoded). */
export const uploadRule = { limit: 20, windowMs: 10 * 60_000 };

export async function uploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadsService; limiter: RateLimiter },
) {
  // Multipart is parsed for this route only; every other route keeps taking JSON.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxUploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });

    scope.post(
      "/api/upload",
      {
        config: { access: "user" },
        schema: {
          tags: ["Uploads"],
          summary: "Upload a photo (multipart/form-data, field `image`): stored as WebP with a thumbnail",
          consumes: ["multipart/form-data"],
          body: uploadForm,
          response: {
            201: uploadAnswer,
            413: errorResponse("The photo or the form is too large"),
            415: errorResponse("Not multipart/form-data"),
          },
        },
      },
      async (request, reply) => {
        const me = signedInUser(request);
        if (!request.isMultipart()) {
          throw new HttpError(415, `Send the photo as multipart/form-data in the field "${uploadField}"`);
        }
        const waitSeconds = await deps.limiter.hit(me.id);
        if (waitSeconds !== undefined) {
          reply.header("retry-after", waitSeconds);
          throw new HttpError(429, tooMany(waitSeconds));
        }
        const bytes = await readPhoto(request);
        const data = await deps.uploads.store(me.id, bytes);
        return reply.status(201).send({ success: true, data });
      },
    );
  });

  // The stored WebP files, which never change under their random names.
  app.get(
    "/uploads/:name",
    {
      config: { access: "public" },
      schema: {
        tags: ["Uploads"],
        summary: "A stored photo (WebP; the name never changes)",
        params: uploadNameParams,
        response: { 200: { description: "The photo", content: { "image/webp": { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!uploadNamePattern.test(name)) throw notFound("No such photo");
      const file = await deps.uploads.open(name);
      if (!file) throw notFound("No such photo");
      return reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(file.body);
    },
  );

  // Any other address under /uploads/ (a name longer than the router's parameters, a sub-folder) is
  // no photo either: the same JSON 404, not the web app's not-found page.
  app.get(
    "/uploads/*",
    {
      config: { access: "public" },
      schema: {
        tags: ["Uploads"],
        summary: "Any other address under /uploads/: no photo (404)",
        params: z.object({ "*": z.string() }),
        response: { 404: errorResponse("No such photo") },
      },
    },
    async () => {
      throw notFound("No such photo");
    },
  );
}

function tooMany(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  const when = waitSeconds < 60 ? "a minute" : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const rule = `up to ${uploadRule.limit} every ${uploadRule.windowMs / 60_000} minutes`;
  return `Too many photos uploaded (${rule}). Please wait ${when} and try again.`;
}

/** The one photo in the form; the whole form is read, so a second file is refused rather than ignored. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      if (part.fieldname !== uploadField) {
        part.file.resume();
        throw badRequest(`Send the photo in the field "${uploadField}"`);
      }
      photo = await part.toBuffer();
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!photo) throw badRequest(`Choose a photo to upload in the field "${uploadField}"`);
  return photo;
}

/** The multipart parser's own errors, in words a person can read. */
function multipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, tooLarge);
  if (code === "FST_FILES_LIMIT") return new HttpError(413, "Send one photo at a time");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new HttpError(413, "The form has too many fields");
  }
  // Anything else from the parser is a malformed form, never a failure of ours.
  return badRequest("The upload is not a valid multipart form");
}
