import { inArray } from "drizzle-orm";
import type { Db, Tx } from "#server/db/database";
import { user } from "./tables";

export type Person = { name: string; email: string };

/** The names and addresses of these accounts, by id (ids without an account are left out). */
export async function peopleByIds(db: Db | Tx, ids: readonly string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}
