import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { user } from "../accounts/tables";
import { tools } from "../catalog/tables";
import type { Db } from "../db/database";
import { orderLines, orders } from "../orders/tables";

let toolCounter = 0;

type ToolRow = typeof tools.$inferSelect;

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

/** The id of the account signed up with this email. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Inserts an order of `tool` by the account with `buyer`'s email straight into the table (no stock
 * taken, no event), with its one line and total: its minimum lot, pending unless `fields` say
 * otherwise; a paid or shipped one gets a transaction id.
 */
export async function insertOrder(
  db: Db,
  tool: ToolRow,
  buyer: { name: string; email: string },
  fields: Partial<typeof orders.$inferInsert> = {},
) {
  const paid = fields.status === "paid" || fields.status === "shipped";
  const unitPriceCents = fields.unitPriceCents ?? tool.priceCents;
  const quantity = fields.quantity ?? tool.minimum;
  const [row] = await db
    .insert(orders)
    .values({
      toolId: tool.id,
      userId: await userIdOf(db, buyer.email),
      name: buyer.name,
      email: buyer.email,
      phone: "+8801712345678",
      address: "12 Garage Road",
      neededBy: "2030-01-15",
      productName: tool.name,
      unitPriceCents: tool.priceCents,
      quantity: tool.minimum,
      transactionId: paid ? `pi_test_${crypto.randomUUID()}` : null,
      totalCents: unitPriceCents * quantity,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await db.insert(orderLines).values({
    orderId: row.id,
    lineNo: 1,
    toolId: row.toolId,
    sku: tool.sku,
    productName: row.productName,
    unitPriceCents: row.unitPriceCents,
    quantity: row.quantity,
  });
  return row;
}
