import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { controlClass, Field } from "#web/components/FormField";
import { confirmSimulatedPayment } from "../api/confirm-simulated-payment";
import { type SimulatedCardValues, simulatedCardSchema } from "../card-form-schema";
import { formatCardNumber, formatCvc, formatExpiry } from "../card-format";
import { CardFormLayout, type CardFormProps } from "./CardFormLayout";
import { useCardPayment } from "./use-card-payment";

/** `register(...)` with the value reformatted as it is typed (digits grouped, the expiry's slash). */
function formatted(
  registration: UseFormRegisterReturn,
  format: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const next = format(input.value);
      if (next !== input.value) input.value = next;
      return registration.onChange(event);
    },
  };
}

/**
 * The card form of the simulated gateway (the default): it takes the card as Stripe Elements would
 * and confirms the payment with the server's stand-in for Stripe.js, then marks the order paid.
 */
export function SimulatedCardForm({
  orderId,
  total,
  clientSecret,
  buyer,
  onPaid,
  stillPayable,
}: CardFormProps) {
  const { cardError, clearCardError, failed, charged } = useCardPayment({ orderId, onPaid, stillPayable });
  const form = useForm<SimulatedCardValues>({
    resolver: zodResolver(simulatedCardSchema),
    mode: "onTouched",
    defaultValues: { name: buyer.name, email: buyer.email, cardNumber: "", expiry: "", cvc: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!clientSecret) return;
    clearCardError();
    let paymentId: string;
    try {
      paymentId = (await confirmSimulatedPayment({ clientSecret, ...values })).id;
    } catch (error) {
      // "This payment was canceled" (a conflict): the order was cancelled meanwhile.
      await failed(error);
      return;
    }
    await charged(paymentId);
  });

  return (
    <CardFormLayout
      form={form}
      onSubmit={onSubmit}
      cardError={cardError}
      total={total}
      ready={clientSecret !== undefined}
    >
      <Field label="Card number" error={errors.cardNumber?.message}>
        {(control) => (
          <input
            {...control}
            {...formatted(form.register("cardNumber"), formatCardNumber)}
            type="text"
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            placeholder="1234 1234 1234 1234"
            className={`${controlClass} font-mono tracking-wide`}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-5">
        <Field label="Expiry (MM/YY)" error={errors.expiry?.message}>
          {(control) => (
            <input
              {...control}
              {...formatted(form.register("expiry"), formatExpiry)}
              type="text"
              autoComplete="cc-exp"
              inputMode="numeric"
              maxLength={5}
              placeholder="MM/YY"
              className={`${controlClass} font-mono`}
            />
          )}
        </Field>
        <Field label="CVC" error={errors.cvc?.message}>
          {(control) => (
            <input
              {...control}
              {...formatted(form.register("cvc"), formatCvc)}
              type="text"
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              placeholder="123"
              className={`${controlClass} font-mono`}
            />
          )}
        </Field>
      </div>
    </CardFormLayout>
  );
}
