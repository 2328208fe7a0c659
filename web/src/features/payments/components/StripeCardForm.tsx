// Loaded only when the shop's gateway is Stripe (a lazy import from the payment page): Stripe.js and
// its React bindings never load with the simulated gateway.
import { zodResolver } from "@hookform/resolvers/zod";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type BillingValues, billingSchema } from "../card-form-schema";
import { CardFormLayout, type CardFormProps } from "./CardFormLayout";
import { useCardPayment } from "./use-card-payment";

/** One Stripe.js per publishable key for the whole visit. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

const cardStyle = {
  base: {
    fontSize: "16px",
    color: "#0f172a",
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    "::placeholder": { color: "#64748b" },
  },
  invalid: { color: "#b91c1c", iconColor: "#b91c1c" },
};

function StripeCardFields({ orderId, total, clientSecret, buyer, onPaid, stillPayable }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { cardError, clearCardError, refuse, charged } = useCardPayment({ orderId, onPaid, stillPayable });
  const [focused, setFocused] = useState(false);
  const form = useForm<BillingValues>({
    resolver: zodResolver(billingSchema),
    mode: "onTouched",
    defaultValues: { name: buyer.name, email: buyer.email },
  });

  const onSubmit = form.handleSubmit(async (billing) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    clearCardError();
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
    });
    if (result.error) {
      // Stripe refuses an intent that is no longer payable: cancelled with its order, or already paid.
      await refuse(
        result.error.message ?? "Your card could not be charged.",
        result.error.code === "payment_intent_unexpected_state",
      );
      return;
    }
    await charged(result.paymentIntent.id);
  });

  return (
    <CardFormLayout
      form={form}
      onSubmit={onSubmit}
      cardError={cardError}
      total={total}
      ready={!!stripe && clientSecret !== undefined}
    >
      <div>
        {/* Stripe's card field is an iframe with its own label for screen readers. */}
        <p className="block font-semibold text-sm text-steel">Card</p>
        <div
          className={`mt-1.5 rounded-lg border bg-white px-3.5 py-3 shadow-sm ${
            focused ? "border-accent-dark ring-3 ring-orange-200" : "border-slate-300"
          }`}
        >
          <CardElement
            options={{ style: cardStyle, hidePostalCode: true }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={clearCardError}
          />
        </div>
      </div>
    </CardFormLayout>
  );
}

/** The card form with Stripe Elements (gateway "stripe"). */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
