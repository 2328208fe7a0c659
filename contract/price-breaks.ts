// Volume price breaks (issue 26): buy a bigger lot, pay less a piece. No zod here: the tool card and
// page use these on a first visit; the schema that reads a list from a request is in catalog.ts.
import { dollarsToCents, formatDollars } from "./money";
import { pieces } from "./tool-display";

/** From `minQuantity` pieces on, a piece costs `price` (dollars in the API, cents on the server). */
export type PriceBreak = { minQuantity: number; price: number };

/** Anything priced by the piece, with its breaks in increasing quantity; the unit is the caller's. */
export type Priced = { price: number; priceBreaks?: readonly PriceBreak[] | null };

export const maxPriceBreaks = 10;

/**
 * The price a piece for `quantity`: the highest break at or below it, else the tool's own price.
 * The one pricing rule: the order form, the cart, checkout, payments, messages and exports all ask it.
 * Unit-agnostic: give it a tool priced in dollars or in cents and it answers in the same unit.
 */
export function unitPriceFor(tool: Priced, quantity: number): number {
  let price = tool.price;
  for (const b of tool.priceBreaks ?? []) {
    if (quantity < b.minQuantity) break;
    price = b.price;
  }
  return price;
}

/**
 * A company's price a piece (issue 27): `discountPercent` (0-50) off a price in CENTS, after the
 * volume break, rounded once, half-up, to a whole cent (never below one cent).
 */
export function discountedCents(cents: number, discountPercent: number): number {
  if (discountPercent === 0) return cents;
  return Math.max(1, Math.floor((cents * (100 - discountPercent) + 50) / 100));
}

/** The first break above `quantity`, with how many more pieces reach it; undefined past the last. */
export function nextPriceBreak(
  tool: Priced,
  quantity: number,
): (PriceBreak & { piecesToGo: number }) | undefined {
  const next = (tool.priceBreaks ?? []).find((b) => b.minQuantity > quantity);
  return next && { ...next, piecesToGo: next.minQuantity - quantity };
}

/** The lowest price a piece can cost ("from $4.95"): in tool-display.ts, which the card's first visit loads. */
export { lowestUnitPrice } from "./tool-display";

/** "500+ $5.90 · 2,000+ $5.40 · 5,000+ $4.95" (dollars). */
export function describePriceBreaks(breaks: readonly PriceBreak[]): string {
  return breaks.map((b) => `${b.minQuantity.toLocaleString("en-US")}+ ${formatDollars(b.price)}`).join(" · ");
}

/** "Add 300 to pay $5.40 a piece" while a break is ahead of `quantity` (dollars); undefined past the last. */
export function priceBreakHint(tool: Priced, quantity: number): string | undefined {
  const next = nextPriceBreak(tool, quantity);
  return next && `Add ${next.piecesToGo.toLocaleString("en-US")} to pay ${formatDollars(next.price)} a piece`;
}

/** What the break rules need to know about a tool (dollars). */
export type BreaksOfTool = Priced & { minimum: number; maximum?: number | null; increment?: number | null };

export type PriceBreakProblem = { message: string; path: (string | number)[] };

const piecesLimit = 100_000_000;
const priceLimit = 1_000_000;

/**
 * The first rule a tool's breaks break, naming the break ("Price break 2: …") and its field; undefined
 * when they all hold. At most 10; each quantity a whole number above the minimum (the first) or the
 * break before, reachable under the step and the maximum; each price at most two decimals and lower
 * than the tool's price (the first) or the break before.
 */
export function priceBreaksProblem(tool: BreaksOfTool): PriceBreakProblem | undefined {
  const breaks = tool.priceBreaks ?? [];
  if (breaks.length > maxPriceBreaks) {
    return { message: `A tool can have at most ${maxPriceBreaks} price breaks`, path: ["priceBreaks"] };
  }
  const increment = tool.increment ?? 1;
  for (const [i, b] of breaks.entries()) {
    const name = `Price break ${i + 1}`;
    const before = i === 0 ? undefined : (breaks[i - 1] as PriceBreak);
    const at = (field: keyof PriceBreak, message: string) => ({
      message: `${name}: ${message}`,
      path: ["priceBreaks", i, field],
    });
    const q = b.minQuantity;
    if (!Number.isInteger(q) || q < 1 || q > piecesLimit) {
      return at(
        "minQuantity",
        `the quantity must be a whole number from 1 to ${piecesLimit.toLocaleString("en-US")}`,
      );
    }
    if (before === undefined && q <= tool.minimum) {
      return at("minQuantity", `the quantity must be more than the minimum (${pieces(tool.minimum)})`);
    }
    if (before !== undefined && q <= before.minQuantity) {
      return at("minQuantity", `the quantity must be more than break ${i}'s (${pieces(before.minQuantity)})`);
    }
    if (q % increment !== 0) {
      return at("minQuantity", `the quantity must be in steps of ${increment.toLocaleString("en-US")}`);
    }
    if (tool.maximum != null && q > tool.maximum) {
      return at("minQuantity", `the quantity can't be more than the maximum (${pieces(tool.maximum)})`);
    }
    const cents = Number.isFinite(b.price) ? dollarsToCents(b.price) : undefined;
    if (cents === undefined || cents < 1 || b.price > priceLimit) {
      return at(
        "price",
        `the price must be from ${formatDollars(0.01)} to ${formatDollars(priceLimit)}, with at most two decimals`,
      );
    }
    const above = before === undefined ? tool.price : before.price;
    if (cents >= Math.round(above * 100)) {
      const what = before === undefined ? "the tool's price" : `break ${i}'s`;
      return at("price", `the price must be lower than ${what} (${formatDollars(above)})`);
    }
  }
  return undefined;
}

// The tools CSV keeps a tool's breaks in one cell: "500:5.90|2000:5.40" (quantity:price, dollars).

/** A tool's breaks as its CSV cell; "" when it has none. */
export function priceBreaksCell(breaks: readonly PriceBreak[]): string {
  return breaks.map((b) => `${b.minQuantity}:${b.price.toFixed(2)}`).join("|");
}

const cellBreak = /^\s*(\d+)\s*:\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * Reads a CSV cell of breaks ("" is none). A part not written `quantity:price` is an error naming it;
 * the rules between breaks are `priceBreaksProblem`'s, checked with the rest of the row.
 */
export function parsePriceBreaksCell(cell: string): PriceBreak[] | { error: string } {
  if (cell.trim() === "") return [];
  const parts = cell.split("|");
  const breaks: PriceBreak[] = [];
  for (const [i, part] of parts.entries()) {
    const m = cellBreak.exec(part);
    if (!m) return { error: `Price break ${i + 1}: write it quantity:price, as in 500:5.90|2000:5.40` };
    breaks.push({ minQuantity: Number(m[1]), price: Number(m[2]) });
  }
  return breaks;
}
