// How a tool is shown, with no zod: the storefront's first-visit pages import these, and a module
// that builds zod schemas at load time would bring all of zod with it (about 25 KB gzipped).

/** Order Now is offered only from this much stock (the spec's rule). */
export const orderNowMinimumStock = 500;

export const descriptionPreviewLength = 25;

/** The first 25 characters of the description followed by two dots. */
export function descriptionPreview(description: string): string {
  return `${description.slice(0, descriptionPreviewLength)}..`;
}

/** "1 piece" / "0 pieces" / "1,000 pieces". */
export function pieces(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "piece" : "pieces"}`;
}

/**
 * The lowest price a piece can cost: the last volume price break's, else the tool's price (the card's
 * "from $4.95"; either unit). Here rather than in price-breaks.ts so that the first visit's tool card
 * loads none of the break rules; price-breaks.ts exports it too.
 */
export function lowestUnitPrice(tool: {
  price: number;
  priceBreaks?: readonly { minQuantity: number; price: number }[] | null;
}): number {
  const last = tool.priceBreaks?.at(-1);
  return last === undefined ? tool.price : last.price;
}
