import { lotRefusalOf, maxCartLines, suggestedQuantity } from "#contract/cart";
import type { ReorderAnswer } from "#contract/checkout";
import { formatCents } from "#contract/money";
import { toolLotsOf } from "#server/catalog/lots";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import type { Tx } from "#server/db/database";
import { noLongerSold } from "./cart-view";
import { type CartLineRow, setLines, storedLines } from "./lines";

/** A line to put back in the cart: a tool, how many, and the price a piece it was bought at. */
export type PutBackLine = { toolId: string; quantity: number; unitPriceCents: number };

export type LineChange = ReorderAnswer["changes"][number];

export const soldOutNotAdded = "Sold out: not added";
export const noLongerSoldNotAdded = `${noLongerSold}: not added`;
export const cartFullNotAdded = `Your cart is full (${maxCartLines} lines): not added`;

/**
 * Puts lines (an earlier order's) back into the buyer's cart, in the caller's transaction (the cart
 * locked), each checked against today's rules, prices and stock: a line already in the cart gets
 * the quantity added; a quantity the rules no longer allow becomes the nearest one they do; a tool
 * sold out or no longer sold is left out; a price that changed is said. Today's price is the buyer's
 * (`discountPercent`: their approved company's discount, else 0). Answers what changed.
 */
export async function putBackLines(
  tx: Tx,
  userId: string,
  lines: readonly PutBackLine[],
  discountPercent: number,
): Promise<LineChange[]> {
  // The same tool twice: one line, the quantities summed (the first line's price).
  const wanted = new Map<string, PutBackLine>();
  for (const line of lines) {
    const before = wanted.get(line.toolId);
    if (before) before.quantity += line.quantity;
    else wanted.set(line.toolId, { ...line });
  }
  const tools = await toolLotsOf(tx, [...wanted.keys()]);
  const inCart = new Map((await storedLines(tx, userId)).map((l) => [l.toolId, l.quantity]));
  let lineCount = inCart.size;
  const changes: LineChange[] = [];
  const rows: CartLineRow[] = [];
  for (const line of wanted.values()) {
    const tool = tools.get(line.toolId);
    if (!tool) continue; // an ordered tool cannot be deleted (the foreign key), only archived
    const said = (change: string) =>
      changes.push({ toolId: tool.id, sku: tool.sku, name: tool.name, change });
    if (tool.archivedAt !== null) {
      said(noLongerSoldNotAdded);
      continue;
    }
    const had = inCart.get(tool.id) ?? 0;
    let quantity = had + line.quantity;
    const refusal = lotRefusalOf(tool, quantity);
    if (refusal) {
      const suggested = suggestedQuantity(tool, quantity);
      if (suggested === null) {
        said(tool.available === 0 ? soldOutNotAdded : `${refusal.error}: not added`);
        continue;
      }
      said(`Quantity changed from ${count(quantity)} to ${count(suggested)} (${refusal.error})`);
      quantity = suggested;
    }
    if (had === 0 && lineCount >= maxCartLines) {
      said(cartFullNotAdded);
      continue;
    }
    if (had === 0) lineCount++;
    // The order's price a piece against today's for the quantity ordered (a break may apply to both).
    const today = unitPriceCentsFor(tool, line.quantity, discountPercent);
    if (today !== line.unitPriceCents) {
      said(`Price changed from ${formatCents(line.unitPriceCents)} to ${formatCents(today)}`);
    }
    rows.push({
      userId,
      toolId: tool.id,
      quantity,
      addedUnitPriceCents: unitPriceCentsFor(tool, quantity, discountPercent),
    });
  }
  await setLines(tx, rows);
  return changes;
}

const count = (n: number) => n.toLocaleString("en-US");
