import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../db/database";
import { user } from "./tables";

/** A photo uploaded to the shop (not one of its own pictures, such as the default avatar). */
const uploadedPhoto = /^\/uploads\//;

/**
 * A photo the user uploaded for their profile becomes their account's photo (the navigation bar's
 * avatar, the profile menu) when the account has none; an account photo they chose stays.
 */
export function adoptPhotoWhenNone(db: Db) {
  return async (userId: string, photo: string): Promise<void> => {
    if (!uploadedPhoto.test(photo)) return;
    await db
      .update(user)
      .set({ image: photo, updatedAt: new Date() })
      .where(and(eq(user.id, userId), or(isNull(user.image), eq(user.image, ""))));
  };
}
