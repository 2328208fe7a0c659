import type { Config } from "../config";
import { createSimulatedGateway, type SimulatedGateway } from "./simulated-gateway";
import { createStripeGateway, type StripeGateway } from "./stripe-gateway";

export type ConfiguredGateway = SimulatedGateway | StripeGateway;

/** Stripe when its keys are configured; otherwise the simulated gateway, which needs none. */
export function createPaymentGateway(stripe: Config["stripe"]): ConfiguredGateway {
  return stripe ? createStripeGateway(stripe) : createSimulatedGateway();
}
