import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { PaymentIntentResponse } from "#contract/payments";
import { apiJson } from "#web/lib/api";

const intentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
});

/**
 * POST /api/create-payment-intent {orderId}: the server computes the amount from the stored order
 * and answers the client secret the card form confirms. Opening the page again reuses the open
 * payment; a 409 means the order is paid (or cancelled) already.
 */
export function createPaymentIntent(orderId: string, signal?: AbortSignal): Promise<PaymentIntentResponse> {
  return apiJson("/api/create-payment-intent", intentSchema, { method: "POST", json: { orderId }, signal });
}

/** The payment of an unpaid order, started once the page knows the order can be paid. */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["payments", "intent", orderId],
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    enabled,
    // One payment per visit of the page: never refetched behind the card form's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
