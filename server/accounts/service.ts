import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { User } from "../../contract/accounts";
import type { ListQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { cursorKey, inRange, keyset } from "../db/keyset";
import type { Page } from "../db/paging";
import { user } from "./tables";

/** The admins' user list: newest first, by user_created_idx. */
const newestFirst = keyset("desc", [
  [user.createdAt, "timestamp"],
  [user.id, "text"],
]);

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.toLowerCase());

export function createUsersService(db: Db) {
  return {
    async isAdmin(email: string): Promise<boolean> {
      const [row] = await db.select({ role: user.role }).from(user).where(byEmail(email));
      return row?.role === "admin";
    },

    async listUsers(q: ListQuery): Promise<Page<User>> {
      const { items, ...page } = await newestFirst.list(
        q,
        (range) =>
          inRange(
            db
              .select({ ...getTableColumns(user), [cursorKey]: newestFirst.key })
              .from(user)
              .$dynamic(),
            range,
          ),
        db.$count(user),
      );
      return {
        ...page,
        items: items.map((u) => ({
          _id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          image: u.image,
          createdAt: u.createdAt.toISOString(),
        })),
      };
    },

    /** Makes the user with this email an admin: 1 when changed, 0 when already admin, undefined when unknown. */
    async makeAdmin(email: string): Promise<number | undefined> {
      const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(byEmail(email));
      if (!row) return undefined;
      if (row.role === "admin") return 0;
      await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, row.id));
      return 1;
    },

    /** ADMIN_EMAILS: verified accounts with these emails are admins (applied at start-up). */
    async promote(emails: string[]): Promise<void> {
      if (emails.length === 0) return;
      await db
        .update(user)
        .set({ role: "admin" })
        .where(
          and(
            eq(user.emailVerified, true),
            inArray(
              sql`lower(${user.email})`,
              emails.map((e) => e.toLowerCase()),
            ),
          ),
        );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
