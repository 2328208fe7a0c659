import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createPaymentGateway } from "./select-gateway";

const stripeKeys = {
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_PUBLISHABLE_KEY: "pk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};

describe("choosing the payment gateway from the configuration", () => {
  it("uses the simulated gateway when no Stripe key is set", async () => {
    const config = loadConfig({});
    expect(config.stripe).toBeUndefined();
    await expect(createPaymentGateway(config.stripe)).resolves.toMatchObject({
      name: "simulated",
      publishableKey: undefined,
    });
  });

  it("uses Stripe when its three keys are set", async () => {
    const config = loadConfig({ ...stripeKeys, STRIPE_API_BASE: "http://127.0.0.1:12111" });
    expect(config.stripe).toEqual({
      secretKey: "sk_test_x",
      publishableKey: "pk_test_x",
      webhookSecret: "whsec_x",
      apiBase: "http://127.0.0.1:12111",
    });
    await expect(createPaymentGateway(config.stripe)).resolves.toMatchObject({
      name: "stripe",
      publishableKey: "pk_test_x",
    });
  });

  it("refuses to start with only some Stripe keys, or a malformed API base", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: " " })).toThrow(/together/);
    expect(() => loadConfig({ ...stripeKeys, STRIPE_API_BASE: "not a url" })).toThrow(/STRIPE_API_BASE/);
  });
});
