import type { Config } from "../config";
import { createSimulatedGateway, type SimulatedGateway } from "./simulated-gateway";
import type { StripeGateway } from "./stripe-gateway";

export type ConfiguredGateway = SimulatedGateway | StripeGateway;

/** Stripe when its keys are configured; otherwise the simulated gateway, which needs none. */
export async function createPaymentGateway(stripe: Config["stripe"]): Promise<ConfiguredGateway> {
  if (!stripe) return createSimulatedGateway();
  // Loaded only when used: Stripe's SDK costs every start-up a tenth of a second and some MB.
  const { createStripeGateway } = await import("./stripe-gateway");
  return createStripeGateway(stripe);
}
