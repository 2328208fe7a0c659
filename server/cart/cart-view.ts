import type { Cart, CartLine } from "#contract/cart";
import { lotProblem } from "#contract/lot-rules";
import { centsToDollars, formatCents, lotTotalCents } from "#contract/money";
import type { ToolLot } from "#server/catalog/lots";
import { unitPriceCentsFor } from "#server/catalog/pricing";

/** A cart line as stored: the price a piece for its quantity when the buyer last set it. */
export type StoredLine = { toolId: string; quantity: number; addedUnitPriceCents: number };

/** What a line's tool no longer allows, in words. */
export const noLongerSold = "This tool is no longer sold";

/**
 * What changed about a line's tool since the line was put in the cart, or null when it can be
 * checked out as it is. The first that applies: the tool taken off the shop, a lot rule the
 * quantity now breaks (stock, sold out, Order Now's 500 in stock, changed minimum, maximum or step),
 * a changed price (setting the line again takes today's price). The price compared is the price a
 * piece for the line's quantity (its break, if any), then and now: the buyer changing the quantity
 * across a break sets the line again, an admin changing the price or a break is a change. Both are
 * the buyer's price: `discountPercent` is their approved company's discount (0 for everyone else).
 */
export function lineProblem(line: StoredLine, tool: ToolLot, discountPercent: number): string | null {
  if (tool.archivedAt !== null) return noLongerSold;
  const problem = lotProblem(tool, line.quantity);
  if (problem) return problem.message;
  const today = unitPriceCentsFor(tool, line.quantity, discountPercent);
  if (today !== line.addedUnitPriceCents) {
    return `The price changed from ${formatCents(line.addedUnitPriceCents)} to ${formatCents(today)} a piece`;
  }
  return null;
}

/**
 * The cart as the API sends it, lines in the order they were added, priced today. The total is
 * what can be checked out now: the lines without a problem (a changed price counts until accepted).
 * Every price is the buyer's: `discountPercent` off after the break, as checkout will charge it.
 */
export function presentCart(
  lines: readonly StoredLine[],
  toolsById: ReadonlyMap<string, ToolLot>,
  discountPercent: number,
): Cart {
  let totalCents = 0;
  const shown: CartLine[] = [];
  for (const line of lines) {
    const tool = toolsById.get(line.toolId);
    if (!tool) continue; // a line's tool cannot be deleted (the foreign key), only archived
    const problem = lineProblem(line, tool, discountPercent);
    const unitPriceCents = unitPriceCentsFor(tool, line.quantity, discountPercent);
    const lineCents = lotTotalCents(unitPriceCents, line.quantity);
    if (problem === null) totalCents += lineCents;
    shown.push({
      toolId: line.toolId,
      sku: tool.sku ?? "",
      name: tool.name,
      img: tool.img,
      quantity: line.quantity,
      unitPrice: centsToDollars(unitPriceCents),
      lineTotal: centsToDollars(lineCents),
      addedUnitPrice: centsToDollars(line.addedUnitPriceCents),
      problem,
      minimum: tool.minimum,
      maximum: tool.maximum,
      increment: tool.increment,
      available: tool.available,
      leadTimeDays: tool.leadTimeDays,
    });
  }
  return { lines: shown, total: centsToDollars(totalCents) };
}
