import {
  lotRefusalOf,
  maxCartLines,
  type QuickOrderAnswer,
  type QuickOrderProblem,
  suggestedQuantity,
} from "#contract/cart";
import { pieces } from "#contract/tool-display";
import { type ToolLot, toolLotsBySku, toolLotsOf } from "#server/catalog/lots";
import { unitPriceCentsFor } from "#server/catalog/pricing";
import type { Tx } from "#server/db/database";
import { badRequest } from "#server/http/errors";
import { presentCart, type StoredLine } from "./cart-view";
import { type CartLineRow, cartFull, setLines, storedLines } from "./lines";
import {
  formulaSku,
  type ListLine,
  looksLikeFormula,
  readQuickOrderList,
  tooLarge,
} from "./quick-order-list";

export type QuickOrderResult = QuickOrderAnswer;

/** The lines of one tool, merged: the first line's number and SKU as written, quantities summed. */
type Merged = { line: number; sku: string; tool: ToolLot; quantity: number };

/**
 * Checks a quick-order list and puts its valid lines into the buyer's cart, in the caller's
 * transaction (the cart locked). A tool already in the cart gets the list's quantity added, and the
 * sum is what the lot rules check. Lines are priced at the buyer's price (`discountPercent`: their
 * approved company's discount, else 0). Throws 400 for a list that cannot be read as a whole.
 */
export async function addQuickOrder(
  tx: Tx,
  userId: string,
  text: string,
  discountPercent: number,
): Promise<QuickOrderResult> {
  const list = readQuickOrderList(text);
  if (!list.ok) throw badRequest(list.error);
  const problems: QuickOrderProblem[] = [];
  const problem = (
    line: Omit<QuickOrderProblem, "error" | "suggestedQuantity">,
    error: string,
    suggested: number | null = null,
  ) => problems.push({ ...line, error, suggestedQuantity: suggested });
  const asWritten = (line: ListLine) => ({ line: line.line, sku: line.sku, quantity: line.quantity.value });

  const toolsBySku = await toolLotsBySku(
    tx,
    list.lines.map((l) => l.sku),
  );
  const merged = new Map<string, Merged>();
  for (const line of list.lines) {
    const tool = toolsBySku.get(line.sku);
    if (!tool) {
      problem(
        asWritten(line),
        looksLikeFormula(line.sku) ? formulaSku : `No tool on sale has the SKU ${line.sku}`,
      );
    } else if (!line.quantity.ok) {
      // Too large: the most the rules allow; unreadable: the least.
      const wanted = line.quantity.error === tooLarge ? Number.MAX_SAFE_INTEGER : Number.NaN;
      problem(asWritten(line), line.quantity.error, suggestedQuantity(tool, wanted));
    } else {
      const before = merged.get(tool.id);
      if (before) before.quantity += line.quantity.value;
      else merged.set(tool.id, { line: line.line, sku: line.sku, tool, quantity: line.quantity.value });
    }
  }

  const held = await storedLines(tx, userId);
  const inCart = new Map(held.map((l) => [l.toolId, l.quantity]));
  let lineCount = inCart.size;
  const added: QuickOrderResult["added"] = [];
  const rows: CartLineRow[] = [];
  for (const entry of merged.values()) {
    const { line, sku, tool, quantity } = entry;
    const had = inCart.get(tool.id) ?? 0;
    const written = { line, sku, quantity };
    if (Number.isInteger(quantity) && !Number.isSafeInteger(had + quantity)) {
      problem(written, tooLarge, suggestedQuantity(tool, Number.MAX_SAFE_INTEGER));
      continue;
    }
    const refusal = lotRefusalOf(tool, had + quantity);
    if (refusal) {
      const suggested = refusal.suggestedQuantity === null ? null : refusal.suggestedQuantity - had;
      const already = had > 0 ? ` (your cart already has ${pieces(had)})` : "";
      problem(written, `${refusal.error}${already}`, suggested !== null && suggested > 0 ? suggested : null);
      continue;
    }
    if (had === 0 && lineCount >= maxCartLines) {
      problem(written, cartFull);
      continue;
    }
    if (had === 0) lineCount++;
    added.push({ line, sku, toolId: tool.id, quantity });
    const addedUnitPriceCents = unitPriceCentsFor(tool, had + quantity, discountPercent);
    rows.push({ userId, toolId: tool.id, quantity: had + quantity, addedUnitPriceCents });
  }

  await setLines(tx, rows);
  problems.sort((a, b) => a.line - b.line);
  added.sort((a, b) => a.line - b.line);
  return { added, problems, cart: await cartAfter(tx, held, rows, merged, discountPercent) };
}

/**
 * The cart after the list went in, without reading it again: the lines it held in their order (the
 * changed ones with their new quantity and price), then the new ones in the list's order, as their
 * positions were drawn. Only the tools of lines the list did not name are read.
 */
async function cartAfter(
  tx: Tx,
  held: readonly StoredLine[],
  rows: readonly CartLineRow[],
  listed: ReadonlyMap<string, Merged>,
  discountPercent: number,
): Promise<QuickOrderResult["cart"]> {
  const written = new Map(rows.map((r) => [r.toolId, r]));
  const lines: StoredLine[] = held.map((line) => {
    const row = written.get(line.toolId);
    return row ? { ...line, quantity: row.quantity, addedUnitPriceCents: row.addedUnitPriceCents } : line;
  });
  const heldIds = new Set(held.map((l) => l.toolId));
  for (const row of rows) {
    if (!heldIds.has(row.toolId)) {
      lines.push({
        toolId: row.toolId,
        quantity: row.quantity,
        addedUnitPriceCents: row.addedUnitPriceCents,
      });
    }
  }
  const unlisted = held.map((l) => l.toolId).filter((id) => !listed.has(id));
  const tools = await toolLotsOf(tx, unlisted);
  for (const { tool } of listed.values()) tools.set(tool.id, tool);
  return presentCart(lines, tools, discountPercent);
}
