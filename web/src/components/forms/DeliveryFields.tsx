import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { controlClass, Field } from "../FormField";

type DeliveryField = "phone" | "address" | "neededBy";

type DeliveryFieldsProps = {
  /** The form's `register` (react-hook-form), of a form with these three fields. */
  register: (name: DeliveryField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<DeliveryField, { message?: string | undefined }>>;
  /** The first day the order can arrive (YYYY-MM-DD): the date picker offers none before it. */
  earliest: string;
  neededByHint?: ReactNode;
  /** Fields that go after the address (its country and region: DeliveryRegionFields). */
  afterAddress?: ReactNode;
};

/**
 * Where and when an order goes: phone, delivery address and needed-by date, with the browser's
 * autofill names (the tool page's Order Now form and the cart's checkout; the rules are the
 * contract's order fields).
 */
export function DeliveryFields({
  register,
  errors,
  earliest,
  neededByHint,
  afterAddress,
}: DeliveryFieldsProps) {
  return (
    <>
      <Field label="Phone" error={errors.phone?.message}>
        {(control) => (
          <input
            {...control}
            {...register("phone")}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={20}
            required
            placeholder="+1 555 010 0100"
            className={controlClass}
          />
        )}
      </Field>

      <Field label="Delivery address" error={errors.address?.message}>
        {(control) => (
          <input
            {...control}
            {...register("address")}
            type="text"
            autoComplete="street-address"
            maxLength={300}
            required
            placeholder="Street, number, city"
            className={controlClass}
          />
        )}
      </Field>

      {afterAddress}

      <Field label="Needed by" error={errors.neededBy?.message} hint={neededByHint}>
        {(control) => (
          <input
            {...control}
            {...register("neededBy")}
            type="date"
            autoComplete="off"
            min={earliest}
            required
            className={controlClass}
          />
        )}
      </Field>
    </>
  );
}
