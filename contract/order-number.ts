// Every order has a short number a person can read and say on the phone: "CM-10482". The server
// stores the number (from a database sequence, unique); this is how everyone writes and reads it.

export const orderNumberPrefix = "CM-";

/** 10482 → "CM-10482". */
export function formatOrderNumber(number: number): string {
  return `${orderNumberPrefix}${number}`;
}

const orderNumberText = /^(?:cm[-\s]?|#)(\d{1,15})$/i;

/**
 * The number in "CM-10482" (also "cm 10482", "CM10482", "#10482"), as someone types it in a search;
 * undefined when the text is not an order number.
 */
export function parseOrderNumber(text: string): number | undefined {
  const match = orderNumberText.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
