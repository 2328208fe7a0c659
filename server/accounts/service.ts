import { and, eq, inArray, sql } from "drizzle-orm";
import type { User } from "../../contract/accounts";
import type { ListQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { newestFirst } from "../db/newest-first";
import type { Page } from "../db/paging";
import { user } from "./tables";

/** The admins' user list: newest first, by user_created_idx. */
const readUsers = newestFirst(user, "text");

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.toLowerCase());

export type MakeAdminOutcome = "made" | "already" | "unverified" | "no-account";

export function createUsersService(db: Db) {
  return {
    async isAdmin(email: string): Promise<boolean> {
      const [row] = await db.select({ role: user.role }).from(user).where(byEmail(email));
      return row?.role === "admin";
    },

    async listUsers(q: ListQuery): Promise<Page<User>> {
      const { items, ...page } = await readUsers(db, q);
      return {
        ...page,
        items: items.map((u) => ({
          _id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          image: u.image,
          emailVerified: u.emailVerified,
          createdAt: u.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Makes the user with this email an admin: "made", or "already" an admin, "no-account", or, with
     * `verifiedOnly` (the admins' page), "unverified" for an address nobody has proved is theirs.
     */
    async makeAdmin(email: string, { verifiedOnly }: { verifiedOnly: boolean }): Promise<MakeAdminOutcome> {
      const [row] = await db
        .select({ id: user.id, role: user.role, emailVerified: user.emailVerified })
        .from(user)
        .where(byEmail(email));
      if (!row) return "no-account";
      if (row.role === "admin") return "already";
      if (verifiedOnly && !row.emailVerified) return "unverified";
      await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, row.id));
      return "made";
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
