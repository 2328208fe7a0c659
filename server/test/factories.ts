import { tools } from "../catalog/tables";
import type { Db } from "../db/database";

let toolCounter = 0;

/** Inserts a tool on sale; fields not given get plausible values. */
export async function insertTool(db: Db, fields: Partial<typeof tools.$inferInsert> = {}) {
  const [row] = await db
    .insert(tools)
    .values({
      name: `Test tool ${++toolCounter}`,
      img: "/images/tools/piston.svg",
      description: "A sturdy test tool used by the automated tests.",
      priceCents: 12_50,
      minimum: 10,
      available: 1000,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
