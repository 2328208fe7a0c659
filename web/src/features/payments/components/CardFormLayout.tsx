import type { BaseSyntheticEvent, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { PaidOrder } from "#contract/payments";
import { controlClass, Field } from "#web/components/FormField";
import { CardError } from "./CardError";
import { PayButton } from "./PayButton";

/** What the payment page gives either gateway's card form. */
export type CardFormProps = {
  orderId: string;
  /** The order's total in dollars, on the Pay button. */
  total: number;
  /** The payment's client secret; undefined while it is on its way (the Pay button waits for it). */
  clientSecret: string | undefined;
  /** The billing details to start with: the signed-in user's. */
  buyer: { name: string; email: string };
  /** Called with the paid order and its receipt once the order is marked paid. */
  onPaid: (paid: PaidOrder) => void;
  /**
   * After a payment was refused because the order changed meanwhile (cancelled, its payment with it,
   * or paid elsewhere): reads the order again and answers whether it can still be paid. When it
   * cannot, the page shows what became of the order instead of the form.
   */
  stillPayable: () => Promise<boolean>;
};

type BillingField = "name" | "email";

/** What the layout uses of the card form's `useForm`: the billing details (name and email) are drawn here. */
type BillingForm = {
  register: (name: BillingField) => UseFormRegisterReturn;
  formState: { errors: Partial<Record<BillingField, { message?: string }>>; isSubmitting: boolean };
};

type CardFormLayoutProps = {
  form: BillingForm;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The gateway's answer when the card was not charged. */
  cardError: string | null;
  total: number;
  /** Whether the Pay button may be used (the payment, and the gateway, are ready). */
  ready: boolean;
  /** The card's own fields, between the billing details and the Pay button. */
  children: ReactNode;
};

/** Both gateways' card form: billing details, the card, the gateway's error and the Pay button. */
export function CardFormLayout({ form, onSubmit, cardError, total, ready, children }: CardFormLayoutProps) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card payment" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <Field label="Name on card" error={errors.name?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register("name")}
              type="text"
              autoComplete="cc-name"
              maxLength={120}
              className={controlClass}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register("email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={150}
              className={controlClass}
            />
          )}
        </Field>
      </div>
      {children}
      {cardError && <CardError message={cardError} />}
      <PayButton total={total} ready={ready} paying={isSubmitting} />
    </form>
  );
}
