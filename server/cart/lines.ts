import { asc, eq, sql } from "drizzle-orm";
import { maxCartLines } from "#contract/cart";
import type { Db, Tx } from "#server/db/database";
import type { StoredLine } from "./cart-view";
import { cartLines } from "./tables";

/** The refusal of a line that would make the cart longer than `maxCartLines`. */
export const cartFull = `Your cart is full: it holds at most ${maxCartLines} lines. Check out or remove a line first`;

/** The lines of a buyer's cart, in the order they were added. */
export function storedLines(db: Db | Tx, userId: string): Promise<StoredLine[]> {
  return db
    .select({
      toolId: cartLines.toolId,
      quantity: cartLines.quantity,
      addedUnitPriceCents: cartLines.addedUnitPriceCents,
    })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
}

/** Serialises one buyer's cart changes for the rest of the transaction (an advisory lock on the user). */
export async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
}

/** A cart line to write: its tool, quantity and today's price a piece. */
export type CartLineRow = typeof cartLines.$inferInsert;

/** Writes lines in one statement: new ones added, those already in the cart set to these quantities and prices. */
export async function setLines(tx: Tx, rows: readonly CartLineRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(cartLines)
    .values([...rows])
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: {
        quantity: sql`excluded.quantity`,
        addedUnitPriceCents: sql`excluded.added_unit_price_cents`,
      },
    });
}
