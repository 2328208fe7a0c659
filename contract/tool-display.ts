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
