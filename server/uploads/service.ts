import crypto from "node:crypto";
import type { UploadResponse } from "../../contract/uploads";
import type { Db } from "../db/database";
import { reencodeImage } from "./image";
import type { UploadStorage } from "./storage";
import { uploads } from "./tables";

const webp = "image/webp";

export const uploadUrl = (key: string) => `/uploads/${key}`;

export function createUploadsService(db: Db, storage: UploadStorage) {
  return {
    /** Re-encodes and stores a photo under a random name; a refused photo leaves no file and no row. */
    async store(ownerId: string, bytes: Buffer): Promise<UploadResponse["data"]> {
      const { main, thumb } = await reencodeImage(bytes);
      const name = crypto.randomBytes(16).toString("hex");
      const key = `${name}.webp`;
      const thumbKey = `${name}.thumb.webp`;
      try {
        await storage.put(key, main.data, webp);
        await storage.put(thumbKey, thumb.data, webp);
        await db.insert(uploads).values({
          key,
          ownerId,
          contentType: webp,
          bytes: main.data.length,
          width: main.width,
          height: main.height,
        });
      } catch (err) {
        await Promise.allSettled([storage.delete(key), storage.delete(thumbKey)]);
        throw err;
      }
      return { url: uploadUrl(key), thumbUrl: uploadUrl(thumbKey), width: main.width, height: main.height };
    },

    open(key: string) {
      return storage.get(key);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
