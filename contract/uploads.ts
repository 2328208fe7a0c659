import { z } from "zod";

/** The multipart field the photo travels in (the spec's image-hosting call used `image`). */
export const uploadField = "image";

export const maxUploadBytes = 5 * 1024 * 1024;

// `POST /api/upload`'s answer (answers.ts).
export type { UploadResponse } from "./answers";

/** The name a stored upload gets: random, never the client's file name. */
export const uploadNamePattern = /^[a-f0-9]{32}(\.thumb)?\.webp$/;

const ourImage =
  /^\/(uploads\/[a-f0-9]{32}(\.thumb)?\.webp|images(\/[A-Za-z0-9_-]+)+\.(svg|png|jpe?g|webp|gif|avif))$/;

/** A photo field: an image uploaded to this shop (or one of its own pictures), never a remote URL. */
export const imageUrlField = z
  .string({ error: "Image is Required" })
  .trim()
  .min(1, "Image is Required")
  .max(300, "Upload the photo here first")
  .regex(ourImage, "Upload the photo here first");

/** `POST /api/upload`'s multipart form, as the API document shows it: one photo in the field `image`. */
export const uploadForm = z.object({
  [uploadField]: z
    .string()
    .meta({ contentMediaType: "image/*", description: "The photo (JPEG, PNG, WebP…)" }),
});

/** `GET /uploads/{name}`: a stored photo's name. */
export const uploadNameParams = z.object({ name: z.string().regex(uploadNamePattern) });
