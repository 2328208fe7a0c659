import { and, eq, notExists, sql } from "drizzle-orm";
import {
  type AdminMailKind,
  adminMailKinds,
  adminMailLabels,
  type NotificationSettings,
} from "#contract/notifications";
import type { Db, Tx } from "#server/db/database";
import { mailPreferences, user } from "./tables";

// Which messages a user wants (no row: the kind is on). Other domains ask `adminRecipients` whom to
// tell, inside their own transaction.

/** The addresses of every verified admin who has not turned `kind` off. */
export async function adminRecipients(db: Db | Tx, kind: AdminMailKind): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(
      and(
        eq(user.role, "admin"),
        eq(user.emailVerified, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailPreferences)
            .where(
              and(
                eq(mailPreferences.userId, user.id),
                eq(mailPreferences.kind, kind),
                eq(mailPreferences.enabled, false),
              ),
            ),
        ),
      ),
    )
    .orderBy(user.email);
  return rows.map((r) => r.email);
}

export function createMailPreferences(db: Db) {
  async function settingsOf(userId: string, isAdmin: boolean): Promise<NotificationSettings> {
    if (!isAdmin) return { notifications: [] };
    const rows = await db
      .select({ kind: mailPreferences.kind, enabled: mailPreferences.enabled })
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, userId));
    const chosen = new Map(rows.map((r) => [r.kind, r.enabled]));
    return {
      notifications: adminMailKinds.map((kind) => ({
        kind,
        label: adminMailLabels[kind],
        enabled: chosen.get(kind) ?? true,
      })),
    };
  }

  return {
    /** The admin kinds with the user's choices; none for a user who is not an admin. */
    settingsOf,

    /** Stores the user's choices (one statement), then answers the settings as they now are. */
    async change(
      userId: string,
      changes: Partial<Record<AdminMailKind, boolean>>,
    ): Promise<NotificationSettings> {
      const rows = Object.entries(changes)
        .filter((entry): entry is [AdminMailKind, boolean] => entry[1] !== undefined)
        .map(([kind, enabled]) => ({ userId, kind, enabled, updatedAt: new Date() }));
      if (rows.length > 0) {
        await db
          .insert(mailPreferences)
          .values(rows)
          .onConflictDoUpdate({
            target: [mailPreferences.userId, mailPreferences.kind],
            set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
          });
      }
      return settingsOf(userId, true);
    },
  };
}

export type MailPreferences = ReturnType<typeof createMailPreferences>;
