import { and, eq, ne } from "drizzle-orm";
import { type Portfolio, type Profile, portfolioKind, profileKind } from "#contract/profiles";
import type { Db } from "#server/db/database";
import { present } from "./service";
import { portfolios, profiles } from "./tables";

/** The user's own profile and portfolio, every field (their data export); null when they have none. */
export async function profileDataOf(
  db: Db,
  userId: string,
): Promise<{ profile: Profile | null; portfolio: Portfolio | null }> {
  const [[profile], [portfolio]] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(portfolios).where(eq(portfolios.userId, userId)),
  ]);
  return {
    profile: profile ? present<Profile>(profileKind, profile, true) : null,
    portfolio: portfolio ? present<Portfolio>(portfolioKind, portfolio, true) : null,
  };
}

/**
 * The account's address changed (a confirmed change of email): the profile and portfolio, found by
 * their owner's address, follow it.
 */
export async function followAccountEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of [profiles, portfolios]) {
      await tx
        .update(table)
        .set({ email, updatedAt: new Date() })
        .where(and(eq(table.userId, userId), ne(table.email, email)));
    }
  });
}
