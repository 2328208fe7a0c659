import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { User } from "../../contract/accounts";
import type { PageQuery } from "../../contract/pagination";
import type { Db } from "../db/database";
import { user } from "./tables";

const byEmail = (email: string) => eq(sql`lower(${user.email})`, email.toLowerCase());

export function createUsersService(db: Db) {
  return {
    async isAdmin(email: string): Promise<boolean> {
      const [row] = await db.select({ role: user.role }).from(user).where(byEmail(email));
      return row?.role === "admin";
    },

    async listUsers({ page, limit }: PageQuery): Promise<{ items: User[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(user)
          .orderBy(desc(user.createdAt), user.email)
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(user),
      ]);
      return {
        items: rows.map((u) => ({
          _id: u.id,
          name: u.name,
          email: u.email,
          role: u.role,
          image: u.image,
          createdAt: u.createdAt.toISOString(),
        })),
        total: totalRow?.total ?? 0,
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
