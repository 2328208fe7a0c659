import { z } from "zod";
import type { SimulatedConfirmBody, SimulatedConfirmResponse } from "#contract/payments";
import { apiJson } from "#web/lib/api";

const confirmedSchema = z.object({ id: z.string(), status: z.literal("succeeded") });

/**
 * POST /api/payments/simulated/confirm (the simulated gateway): charges the card as Stripe.js would.
 * A declined card is an ApiError (402) carrying Stripe's message ("Your card was declined.").
 */
export function confirmSimulatedPayment(body: SimulatedConfirmBody): Promise<SimulatedConfirmResponse> {
  return apiJson("/api/payments/simulated/confirm", confirmedSchema, { method: "POST", json: body });
}
