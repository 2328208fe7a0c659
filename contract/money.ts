/** Money crosses the API in dollars (the spec's `price`) and is stored as integer cents. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars with at most two decimals to cents; undefined when the amount has finer precision. */
export function dollarsToCents(dollars: number): number | undefined {
  const cents = Math.round(dollars * 100);
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : undefined;
}

/** What a lot costs, in cents: price per piece × pieces (exact in a JS number up to 2^53). */
export function lotTotalCents(unitPriceCents: number, quantity: number): number {
  return unitPriceCents * quantity;
}

/** What a lot costs in dollars, for a price in dollars: counted in cents, so that $89.50 × 550 is exact. */
export function lotTotalDollars(priceDollars: number, quantity: number): number {
  return centsToDollars(lotTotalCents(Math.round(priceDollars * 100), quantity));
}

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
});

/** "$1,920" or "$89.50": a price as a shopper reads it (cents only when there are any). */
export function formatDollars(dollars: number): string {
  return (Number.isInteger(dollars) ? wholeDollars : withCents).format(dollars);
}

export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}
