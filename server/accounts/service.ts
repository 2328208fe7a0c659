import { desc, eq, inArray, sql } from "drizzle-orm";
import type { User } from "../../contract/accounts";
import type { PageQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { type Page, readPage } from "../db/paging";
import { user } from "./tables";

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.toLowerCase());

export function createUsersService(db: Db) {
  return {
    async isAdmin(email: string): Promise<boolean> {
      const [row] = await db.select({ role: user.role }).from(user).where(byEmail(email));
      return row?.role === "admin";
    },

    async listUsers(q: PageQuery): Promise<Page<User>> {
      const { items, total } = await readPage(
        db.select().from(user).orderBy(desc(user.createdAt), user.email),
        db.$count(user),
        q,
      );
      return {
        items: items.map((u) => ({
          _id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          image: u.image,
          createdAt: u.createdAt.toISOString(),
        })),
        total,
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

    /** ADMIN_EMAILS: accounts with these emails are admins (applied at start-up). */
    async promote(emails: string[]): Promise<void> {
      if (emails.length === 0) return;
      await db
        .update(user)
        .set({ role: "admin" })
        .where(
          inArray(
            sql`lower(${user.email})`,
            emails.map((e) => e.toLowerCase()),
          ),
        );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
