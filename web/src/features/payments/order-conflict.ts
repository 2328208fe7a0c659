import { ApiError } from "#web/lib/api";

/**
 * The shop's 409 on a payment: the order changed meanwhile (cancelled, its payment with it, or paid
 * elsewhere), so the card form no longer applies.
 */
export function isOrderConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
