import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { uploadUrl } from "./service";
import type { UploadStorage } from "./storage";
import { uploads } from "./tables";

/** The photos a user uploaded, by their address (their data export). */
export async function uploadsOf(db: Db, userId: string): Promise<{ url: string; createdAt: string }[]> {
  const rows = await db
    .select({ key: uploads.key, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.ownerId, userId))
    .orderBy(asc(uploads.createdAt));
  return rows.map((r) => ({ url: uploadUrl(r.key), createdAt: r.createdAt.toISOString() }));
}

/** The stored key of a photo's address (/uploads/<key>, or at the shop's own origin), if it is one. */
export function uploadKeyOf(url: string | null | undefined): string | undefined {
  const match = url?.match(/\/uploads\/([^/?#]+)$/);
  return match?.[1];
}

/**
 * The owner's account is being deleted: forgets their uploads (all of them, or only the photos at
 * `onlyUrls`) in its transaction and answers the keys whose files `removeUploadFiles` deletes once
 * it committed.
 */
export async function forgetUploadsOf(
  tx: Tx,
  userId: string,
  onlyUrls?: readonly (string | null)[],
): Promise<string[]> {
  const only = onlyUrls?.flatMap((url) => uploadKeyOf(url) ?? []);
  if (only?.length === 0) return [];
  const rows = await tx
    .delete(uploads)
    .where(and(eq(uploads.ownerId, userId), only ? inArray(uploads.key, only) : undefined))
    .returning({ key: uploads.key });
  return rows.map((r) => r.key);
}

/** Deletes the stored files of forgotten uploads: each photo and its thumbnail (service.ts names them). */
export async function removeUploadFiles(storage: UploadStorage, keys: readonly string[]): Promise<void> {
  const files = keys.flatMap((key) => [key, key.replace(/\.webp$/, ".thumb.webp")]);
  await Promise.allSettled(files.map((file) => storage.delete(file)));
}
