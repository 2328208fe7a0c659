import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Cart, type LotRefusal, lotRefusalOf, maxCartLines } from "#contract/cart";
import type { ReorderAnswer } from "#contract/checkout";
import { type ToolLot, toolLotsOf } from "#server/catalog/lots";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import { discountPercentOf } from "#server/companies/ordering";
import type { Db, Tx } from "#server/db/database";
import { conflict, notFound } from "#server/http/errors";
import { presentCart, type StoredLine } from "./cart-view";
import { cartFull, lockCart, storedLines } from "./lines";
import { type PutBackLine, putBackLines } from "./put-back";
import { addQuickOrder, type QuickOrderResult } from "./quick-order";
import { cartLines } from "./tables";

export const noSuchTool = "No tool on sale has that id";

/** A quantity the lot rules refuse: 400 for the quantity itself, 409 for the stock now. */
export type LineRefusal = { status: 400 | 409; body: LotRefusal };

/** A refusal of `quantity` of `tool` by its lot rules, or undefined when the rules allow it. */
export function refusalOf(tool: ToolLot, quantity: number): LineRefusal | undefined {
  const refusal = lotRefusalOf(tool, quantity);
  if (!refusal) return undefined;
  return { status: refusal.rule === "stock" ? 409 : 400, body: refusal };
}

export function createCartService(db: Db) {
  /**
   * The buyer's cart at their price: `discountPercent` is their approved company's discount (issue
   * 27), read once per request by the caller (`discountPercentOf`); checkout charges the same.
   */
  async function cartOf(tx: Db | Tx, userId: string, discountPercent: number): Promise<Cart> {
    const lines = await storedLines(tx, userId);
    return presentCart(
      lines,
      await toolLotsOf(
        tx,
        lines.map((l) => l.toolId),
      ),
      discountPercent,
    );
  }

  return {
    /** The buyer's cart, priced today at their price, each line with what changed about its tool. */
    async cart(userId: string): Promise<Cart> {
      return cartOf(db, userId, await discountPercentOf(db, userId));
    },

    /**
     * Sets a line's quantity (adds the line when the tool is not in the cart yet) at today's price a
     * piece for that quantity (its break, if any, then the buyer's company discount),
     * checked against the tool's lot rules and stock now (advisory: stock is taken at checkout).
     * Throws 404 for a tool not on sale, 409 when a new line would not fit.
     */
    async setLine(userId: string, toolId: string, quantity: number): Promise<Cart | LineRefusal> {
      const tool = (await toolLotsOf(db, [toolId])).get(toolId);
      if (!tool || tool.archivedAt !== null) throw notFound(noSuchTool);
      const refusal = refusalOf(tool, quantity);
      if (refusal) return refusal;
      const discountPercent = await discountPercentOf(db, userId);
      return db.transaction(async (tx) => {
        // One buyer's changes queue here, so two tabs cannot both add the 501st line.
        await lockCart(tx, userId);
        const [has] = await tx
          .select({
            count: sql<number>`count(*)::integer`,
            here: sql<number>`count(*) filter (where ${cartLines.toolId} = ${toolId})::integer`,
          })
          .from(cartLines)
          .where(eq(cartLines.userId, userId));
        if ((has?.here ?? 0) === 0 && (has?.count ?? 0) >= maxCartLines) throw conflict(cartFull);
        const addedUnitPriceCents = unitPriceCentsFor(tool, quantity, discountPercent);
        await tx
          .insert(cartLines)
          .values({ userId, toolId, quantity, addedUnitPriceCents })
          .onConflictDoUpdate({
            target: [cartLines.userId, cartLines.toolId],
            set: { quantity, addedUnitPriceCents },
          });
        return cartOf(tx, userId, discountPercent);
      });
    },

    /**
     * Takes a tool's line out of the cart (none there: nothing to do), after the cart's lock, so a
     * checkout under way orders the cart it read.
     */
    async removeLine(userId: string, toolId: string): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockCart(tx, userId);
        await tx.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
      });
      return cartOf(db, userId, await discountPercentOf(db, userId));
    },

    /**
     * Locks the cart for a checkout, in the checkout's transaction: the buyer's cart changes (every
     * one takes this lock) wait until it commits or rolls back (orders/checkout.ts, through the
     * orders' CheckoutCart port). Answers its lines, in line order: they hold until the end.
     */
    async lockCart(tx: Tx, userId: string): Promise<StoredLine[]> {
      await lockCart(tx, userId);
      return storedLines(tx, userId);
    },

    /**
     * The cart's lines read by `lockCart`, priced by the tools the checkout has locked (a line's tool
     * not among them is read here), at the buyer's price (`discountPercent`: the one the checkout read).
     */
    async lockedCart(
      tx: Tx,
      lines: readonly StoredLine[],
      locked: ReadonlyMap<string, ToolLot>,
      discountPercent: number,
    ): Promise<Cart> {
      const missing = lines.map((l) => l.toolId).filter((id) => !locked.has(id));
      if (missing.length === 0) return presentCart(lines, locked, discountPercent);
      return presentCart(lines, new Map([...locked, ...(await toolLotsOf(tx, missing))]), discountPercent);
    },

    /** The statement that empties the cart, composed into the checkout's order statement. */
    clearing(userId: string): SQL {
      return sql`delete from ${cartLines} where ${cartLines.userId} = ${userId}`;
    },

    /** Empties the cart. */
    async clear(userId: string): Promise<Cart> {
      await db.transaction(async (tx) => {
        await lockCart(tx, userId);
        await tx.delete(cartLines).where(eq(cartLines.userId, userId));
      });
      return { lines: [], total: 0 };
    },

    /** A pasted or uploaded list checked line by line; the valid lines go into the cart together. */
    quickOrder(userId: string, text: string): Promise<QuickOrderResult> {
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        return addQuickOrder(tx, userId, text, await discountPercentOf(tx, userId));
      });
    },

    /**
     * Puts lines (an earlier order's, "Order again") into the cart, checked against today's rules,
     * prices and stock: the cart and what changed on the way.
     */
    putBack(userId: string, lines: readonly PutBackLine[]): Promise<ReorderAnswer> {
      return db.transaction(async (tx) => {
        await lockCart(tx, userId);
        const discountPercent = await discountPercentOf(tx, userId);
        const changes = await putBackLines(tx, userId, lines, discountPercent);
        return { cart: await cartOf(tx, userId, discountPercent), changes };
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
