import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import type { PaymentIntentResponse } from "#contract/payments";
import { apiJsonIdempotent, newIdempotencyKey } from "#web/lib/api";

const intentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
});

/**
 * POST /api/create-payment-intent {orderId}: the server computes the amount from the stored order
 * and answers the client secret the card form confirms. Opening the page again reuses the open
 * payment; a 409 means the order is paid (or cancelled) already. Sent again with the same
 * Idempotency-Key when unanswered.
 */
export function createPaymentIntent(
  orderId: string,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PaymentIntentResponse> {
  return apiJsonIdempotent("/api/create-payment-intent", intentSchema, idempotencyKey, {
    method: "POST",
    json: { orderId },
    signal,
  });
}

/** The payment of an unpaid order, started once the page knows the order can be paid. */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  // One key per visit of the page: its start is made once, however often it is sent.
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useQuery({
    queryKey: ["payments", "intent", orderId],
    queryFn: ({ signal }) => createPaymentIntent(orderId, idempotencyKey, signal),
    enabled,
    // One payment per visit of the page: never refetched behind the card form's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
