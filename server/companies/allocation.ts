// How a company's payments settle its on-account orders (issue 27): applied to the oldest amount due
// first. Nothing is stored: the open part of each amount is worked out from the shipped orders and
// the sum of the payments whenever it is read, so a cancel or a payment can never leave it stale.

/** An on-account order once shipped: its total, shipped on and due on (YYYY-MM-DD). */
export type AmountDueCents = {
  orderId: string;
  number: number;
  totalCents: number;
  shippedOn: string;
  dueOn: string;
};

/** The order payments are applied in: the earliest due first, then the order placed first. */
export const oldestDueFirst = (a: AmountDueCents, b: AmountDueCents) =>
  a.dueOn.localeCompare(b.dueOn) || a.number - b.number;

/**
 * Each amount with what is still open of it once `paidCents` has been applied oldest first. Payments
 * beyond every amount are a credit (`creditCents`), applied to amounts shipped later.
 */
export function allocatePayments<A extends AmountDueCents>(
  amounts: readonly A[],
  paidCents: number,
): { open: (A & { openCents: number })[]; creditCents: number } {
  let left = paidCents;
  const open = [...amounts].sort(oldestDueFirst).map((a) => {
    const applied = Math.min(a.totalCents, Math.max(0, left));
    left -= applied;
    return { ...a, openCents: a.totalCents - applied };
  });
  return { open, creditCents: Math.max(0, left) };
}
