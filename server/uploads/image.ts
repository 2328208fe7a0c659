import { HttpError } from "../http/errors";

/** The photo formats we take, recognised by their first bytes, never by name or declared type. */
export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif";

export const imageSizes = {
  /** Longest side of the stored photo. */
  main: 1600,
  thumb: 400,
  /** Decoding more pixels than this is refused (a small file can decode to gigabytes). */
  maxInputPixels: 40_000_000,
} as const;

const notAPhoto = "That file is not a photo we accept: use JPEG, PNG, WebP, GIF or AVIF";
const unreadable =
  "That photo could not be read: the file is damaged or is not really a JPEG, PNG, WebP, GIF or AVIF";

const startsWith = (bytes: Buffer, signature: number[] | string, at = 0) => {
  const sig = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature);
  return bytes.length >= at + sig.length && bytes.subarray(at, at + sig.length).equals(sig);
};

/** The format the bytes say they are, or undefined for anything else (SVG, HTML, PDF, TIFF...). */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "gif";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "webp";
  if (startsWith(bytes, "ftyp", 4) && hasAvifBrand(bytes)) return "avif";
  return undefined;
}

/** An ISO-BMFF `ftyp` box naming avif/avis as its major or a compatible brand. */
function hasAvifBrand(bytes: Buffer): boolean {
  const boxSize = bytes.readUInt32BE(0);
  const end = Math.min(boxSize, bytes.length, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    const brand = bytes.toString("latin1", at, at + 4);
    if (brand === "avif" || brand === "avis") return true;
  }
  return false;
}

const sharpFormat: Record<ImageKind, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "heif",
};

export type EncodedImage = { data: Buffer; width: number; height: number };

/**
 * Decodes the photo completely and encodes a fresh WebP of bounded size plus a thumbnail. Nothing
 * of the original file survives: no metadata (EXIF, GPS), no trailing bytes, no second format
 * hidden in it. Anything sharp cannot decode is refused.
 */
export async function reencodeImage(bytes: Buffer): Promise<{ main: EncodedImage; thumb: EncodedImage }> {
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, notAPhoto);
  // Loaded with the first photo, not at start-up: most servers never receive one.
  const { default: sharp } = await import("sharp");
  try {
    const input = sharp(bytes, {
      failOn: "error",
      limitInputPixels: imageSizes.maxInputPixels,
      autoOrient: true,
    });
    const meta = await input.metadata();
    if (meta.format !== sharpFormat[kind] || (kind === "avif" && meta.compression !== "av1")) {
      throw new HttpError(415, notAPhoto);
    }
    const main = await input
      .resize(imageSizes.main, imageSizes.main, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(main.data)
      .resize(imageSizes.thumb, imageSizes.thumb, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return {
      main: { data: main.data, width: main.info.width, height: main.info.height },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new HttpError(
        413,
        `The photo has too many pixels: at most ${imageSizes.maxInputPixels / 1e6} megapixels`,
      );
    }
    throw new HttpError(415, unreadable);
  }
}
