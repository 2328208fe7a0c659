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

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "$289.00", "$118.50", "$5,274.00": every amount of money the shop shows (pages, messages), always
 * with its cents, so that amounts side by side read alike. The one formatter: nothing else writes money.
 */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}

/** An amount in cents, written as `formatDollars` writes it. */
export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}
