import { z } from "zod";
import { cartAnswer } from "./cart";
import {
  orderAddressField,
  orderDateField,
  orderPhoneField,
  paymentMethodField,
  poNumberField,
} from "./orders";
import { deliveryRegionFields } from "./tax";

// An order's line lives with the order (contract/orders.ts); named here too for the checkout's users.
export { type OrderLine, orderLine } from "./orders";

/**
 * POST /api/checkout: the cart becomes one order. `confirmedTotal` is the total (dollars) the buyer
 * saw and confirmed: when today's prices make another total, nothing is ordered and the answer is 409
 * with the cart as it is now, so a changed price is shown, never taken silently.
 */
export const checkoutBody = z.object({
  orderPhone: orderPhoneField,
  orderAddress: orderAddressField,
  orderDate: orderDateField,
  confirmedTotal: z.number({ error: "Confirm the order's total before checking out" }),
  poNumber: poNumberField,
  paymentMethod: paymentMethodField,
  ...deliveryRegionFields,
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** A line that could not be reserved at checkout: what was asked and what is in stock now. */
export const shortLine = z.object({
  toolId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  available: z.number().int(),
  error: z.string(),
});
export type ShortLine = z.infer<typeof shortLine>;

/** 409 from POST /api/checkout: nothing was reserved; each line that stopped it, and the cart now. */
export const checkoutRefusal = z.object({
  error: z.string(),
  shortLines: z.array(shortLine),
  cart: z.optional(cartAnswer),
});
export type CheckoutRefusal = z.infer<typeof checkoutRefusal>;

/**
 * Every 409 of POST /api/checkout: the short lines (`checkoutRefusal`), or the cart changed since it
 * was confirmed (a line's problem, another total: `error` and the cart now), or a request with the
 * same Idempotency-Key still being processed (`error` alone).
 */
export const checkoutConflictAnswer = z.union([
  checkoutRefusal,
  z.object({ error: z.string(), cart: z.optional(cartAnswer) }),
]);

/** What changed for a line put back in the cart by "Order again" (today's rules, prices and stock). */
export const reorderChange = z.object({
  toolId: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  /** What happened: "Price changed from $6.40 to $6.90", "Sold out: not added", "Quantity changed to 600 (lots of 100)". */
  change: z.string(),
});

/** POST /api/order/{id}/reorder. */
export const reorderAnswer = z.object({
  cart: cartAnswer,
  changes: z.array(reorderChange),
});
export type ReorderAnswer = z.infer<typeof reorderAnswer>;
