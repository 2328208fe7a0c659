import { z } from "zod";
import { emailField } from "#contract/accounts";

// The card forms' own checks are only "is it filled in": the gateway checks the card itself and
// answers with Stripe's messages, shown in red above the Pay button.

/** The billing details both gateways send with the card (Stripe's billing_details). */
export const billingSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the name on the card")
    .max(120, "Use at most 120 characters for the name"),
  email: emailField,
});
export type BillingValues = z.infer<typeof billingSchema>;

/** The simulated gateway's card form: billing details and the card, with Stripe's "incomplete" messages. */
export const simulatedCardSchema = billingSchema.extend({
  cardNumber: z
    .string()
    .trim()
    .min(1, "Your card number is incomplete.")
    .max(40, "Your card number is invalid."),
  expiry: z
    .string()
    .trim()
    .min(1, "Your card's expiration date is incomplete.")
    .max(10, "Your card's expiration date is invalid."),
  cvc: z
    .string()
    .trim()
    .min(1, "Your card's security code is incomplete.")
    .max(10, "Your card's security code is invalid."),
});
export type SimulatedCardValues = z.infer<typeof simulatedCardSchema>;
