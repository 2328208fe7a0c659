import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type StoredFile, type UploadStorage } from "./storage";

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".pdf": "application/pdf",
};

/** Uploads as files in one folder (DATA_DIR/uploads), created on the first upload. */
export function createDiskStorage(root: string): UploadStorage {
  function pathOf(key: string): string {
    // Keys are made by the server; this guards the folder against a bug passing a client's string.
    assertSafeKey(key);
    return path.join(root, key);
  }

  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(root, { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = `${target}.${crypto.randomBytes(6).toString("hex")}.partial`;
      try {
        await fs.writeFile(partial, bytes, { flag: "wx" });
        await fs.rename(partial, target);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
    },

    async get(key): Promise<StoredFile | undefined> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(pathOf(key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw err;
      }
      let size: number;
      try {
        size = (await handle.stat()).size;
      } catch (err) {
        await handle.close();
        throw err;
      }
      return {
        body: handle.createReadStream(),
        size,
        contentType: contentTypes[path.extname(key)] ?? "application/octet-stream",
      };
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
