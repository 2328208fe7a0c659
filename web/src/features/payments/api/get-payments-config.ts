import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type PaymentsConfig, paymentGateways } from "#contract/payments";
import { apiJson } from "#web/lib/api";

const configSchema = z.object({ gateway: z.enum(paymentGateways), publishableKey: z.string().optional() });

/** GET /api/payments/config: the gateway the payment page talks to (Stripe needs its publishable key). */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiJson("/api/payments/config", configSchema, { signal });
}

export function usePaymentsConfig() {
  return useQuery({
    queryKey: ["payments", "config"],
    queryFn: ({ signal }) => getPaymentsConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
