import { z } from "zod";
import { orderSchema } from "./orders";

export const paymentGateways = ["simulated", "stripe"] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];

/** GET /api/payments/config: which gateway the payment page talks to (Stripe Elements needs the key). */
export type PaymentsConfig = { gateway: PaymentGatewayName; publishableKey?: string };

/**
 * POST /api/create-payment-intent. Only the order: the server computes the amount from the stored
 * order (the spec's client sent {orderPrice}, which is ignored).
 */
export const createPaymentIntentBody = z.object({
  orderId: z.uuid({
    error: (issue) =>
      issue.input === undefined ? "Say which order to pay (orderId)" : "That is not a valid order id",
  }),
});

/** The amount is in cents (unit price × quantity), as the gateway charges it. */
export type PaymentIntentResponse = {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
};

/**
 * POST /api/payments/simulated/confirm (simulated gateway only): what Stripe Elements would send.
 * Card problems answer 402 with Stripe's messages; the fields are checked there, not here, so that
 * an empty card number reads "Your card number is incomplete." like Stripe.
 */
export const simulatedConfirmBody = z.object({
  clientSecret: z
    .string({ error: "Send the clientSecret of the payment" })
    .min(1, "Send the clientSecret of the payment")
    .max(300, "That is not a valid clientSecret"),
  cardNumber: z.string({ error: "Your card number is incomplete." }).max(40, "Your card number is invalid."),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .max(10, "Your card's expiration date is invalid."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .max(10, "Your card's security code is invalid."),
  name: z.string().trim().max(120, "Use at most 120 characters for the name").optional(),
  email: z.string().trim().max(254, "Use at most 254 characters for the email").optional(),
});
export type SimulatedConfirmBody = z.infer<typeof simulatedConfirmBody>;

export type SimulatedConfirmResponse = { id: string; status: "succeeded" };

const cardBrandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

/** "visa" → "Visa": a card brand as the gateway names it, as a person reads it. */
export function cardBrandName(brand: string): string {
  return cardBrandNames[brand] ?? "Card";
}

/** "Visa ending in 4242": the card that paid, on the receipt and in its message. */
export function cardText(card: { brand: string; last4: string }): string {
  return `${cardBrandName(card.brand)} ending in ${card.last4}`;
}

/** The receipt of a payment that went through, shown on the success screen and emailed to the buyer. */
export const paymentReceiptSchema = z.object({
  orderNumber: z.string(),
  /** What was paid, in dollars (the order's total). */
  amount: z.number(),
  /** The card's brand as the gateway names it (visa, mastercard, …) and its last four digits; null when unknown. */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** When the payment was recorded (ISO). */
  paidAt: z.string(),
  /** Where the receipt was emailed: the order's email. */
  emailedTo: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

/** PATCH /api/order/{id}: the paid order, as every order is sent, with its receipt. */
export const paidOrderSchema = orderSchema.extend({ receipt: paymentReceiptSchema });
export type PaidOrder = z.infer<typeof paidOrderSchema>;
