import { centsToDollars, dollarsToCents } from "#contract/money";
import { discountedCents, type PriceBreak, unitPriceFor } from "#contract/price-breaks";

// A tool's volume price breaks as the server keeps them (cents) and as the API speaks them (dollars),
// and the one price a piece the server charges: the contract's `unitPriceFor`, asked in cents.

/** A stored break (tools.price_breaks): from `minQuantity` pieces on, a piece costs `priceCents`. */
export type PriceBreakCents = { minQuantity: number; priceCents: number };

/** What the server prices a piece of: the tool's own price and its breaks, in cents. */
export type PricedInCents = { priceCents: number; priceBreaks: readonly PriceBreakCents[] };

/**
 * The price a piece of `quantity` pieces, in cents: the highest break at or below it, else the price;
 * then the buyer's company discount (issue 27; 0 for everyone else), rounded half-up to the cent.
 */
export function unitPriceCentsFor(tool: PricedInCents, quantity: number, discountPercent = 0): number {
  const priceBreaks = tool.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents }));
  return discountedCents(unitPriceFor({ price: tool.priceCents, priceBreaks }, quantity), discountPercent);
}

/** Stored breaks as the API sends them (dollars). */
export function breaksInDollars(breaks: readonly PriceBreakCents[]): PriceBreak[] {
  return breaks.map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.priceCents) }));
}

/** Breaks that passed the contract's rules (at most two decimals) as stored (cents). */
export function breaksInCents(breaks: readonly PriceBreak[]): PriceBreakCents[] {
  return breaks.map((b) => {
    const priceCents = dollarsToCents(b.price);
    if (priceCents === undefined)
      throw new Error("a price break has more than two decimals (the contract refuses it)");
    return { minQuantity: b.minQuantity, priceCents };
  });
}

/** Whether two lists of stored breaks are the same breaks. */
export function sameBreaks(a: readonly PriceBreakCents[], b: readonly PriceBreakCents[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x.minQuantity === b[i]?.minQuantity && x.priceCents === b[i]?.priceCents)
  );
}
