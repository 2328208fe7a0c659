// Keeps what a shopper types into the card fields readable: digits grouped as on the card.

/** "4242424242424242" → "4242 4242 4242 4242"; American Express as 4-6-5. At most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1240" → "12/40". The slash comes with the third digit, so deleting back past it never sticks. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The security code: 3 or 4 digits. */
export function formatCvc(value: string): string {
  return value.replace(/\D/g, "").slice(0, 4);
}
