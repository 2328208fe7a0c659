import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type CheckoutBody, type CheckoutRefusal, checkoutRefusal } from "#contract/checkout";
import { orderSchema } from "#contract/orders";
import { ApiError, apiJsonIdempotent } from "#web/lib/api";
import { cartQueryKey } from "#web/lib/cart/query-keys";
import { ordersQueryKey } from "#web/lib/orders/query-keys";
import { useSubmissionKey } from "#web/lib/orders/submission-key";

const placedSchema = z.object({ insertedId: z.string(), order: orderSchema });

/** A 409 names short lines only when there are some (a changed line or total comes with the cart alone). */
const refusalSchema = checkoutRefusal.extend({ shortLines: checkoutRefusal.shape.shortLines.default([]) });

/**
 * POST /api/checkout: the cart becomes one order of its lines, every line's stock reserved or none;
 * answers {insertedId, order}. Sent again with the same key when unanswered: the shop places it once.
 */
export function checkout(body: CheckoutBody, idempotencyKey: string) {
  return apiJsonIdempotent("/api/checkout", placedSchema, idempotencyKey, { method: "POST", json: body });
}

/** A 409 of the checkout: the lines short of stock, or a total that is no longer the cart's, and the cart now. */
export function checkoutRefusalOf(error: unknown): CheckoutRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = refusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** Checks the cart out; afterwards the cart (emptied, or as it is now), the orders and the stock are read again. */
export function useCheckout() {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (body: CheckoutBody) => checkout(body, submission.keyFor(body)),
    onError: (error) => {
      const cart = checkoutRefusalOf(error)?.cart;
      if (cart) queryClient.setQueryData(cartQueryKey, cart);
    },
    onSettled: (_placed, error) => {
      submission.settled(error);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
      ]);
    },
  });
}
