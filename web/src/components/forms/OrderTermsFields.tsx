import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { BuyingTerms } from "#web/lib/companies/buying-terms";
import { accountDueHint, offersAccount } from "#web/lib/companies/order-terms";
import { controlClass, Field, FieldError } from "../FormField";

type TermsField = "poNumber" | "paymentMethod";

type OrderTermsFieldsProps = {
  /** The form's `register` (react-hook-form), of a form with these two fields. */
  register: (name: TermsField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<TermsField, { message?: string | undefined }>>;
  /** The signed-in buyer's company terms (useBuyingTerms). */
  terms: BuyingTerms | null | undefined;
};

const choiceClass =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 has-[:checked]:border-accent-dark has-[:checked]:bg-orange-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-orange-200";

/**
 * An order's PO number (optional, or required when the buyer's company says so) and, for a buyer
 * whose company has payment terms, how it is paid: by card, or on account, due the company's days
 * after shipping. The order form of a tool and the cart's checkout.
 */
export function OrderTermsFields({ register, errors, terms }: OrderTermsFieldsProps) {
  const poRequired = terms?.poRequired ?? false;
  const paymentError = errors.paymentMethod?.message;
  const id = useId();
  return (
    <>
      <Field
        label={poRequired ? "PO number (required)" : "PO number"}
        optional={!poRequired}
        error={errors.poNumber?.message}
        hint={poRequired ? "Your company asks for a PO number on every order." : undefined}
      >
        {(control) => (
          <input
            {...control}
            {...register("poNumber")}
            type="text"
            autoComplete="off"
            maxLength={40}
            required={poRequired}
            placeholder="ABC-123"
            className={controlClass}
          />
        )}
      </Field>

      {terms && offersAccount(terms) && (
        <fieldset className="sm:col-span-2" aria-describedby={paymentError ? `${id}-error` : undefined}>
          <legend className="font-semibold text-sm text-steel">Payment</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
            <label className={choiceClass}>
              <input
                {...register("paymentMethod")}
                type="radio"
                value="card"
                className="mt-1 accent-orange-700"
              />
              <span className="font-medium text-navy">Pay by card</span>
            </label>
            <label className={choiceClass}>
              <input
                {...register("paymentMethod")}
                type="radio"
                value="account"
                aria-describedby={`${id}-due`}
                className="mt-1 accent-orange-700"
              />
              <span>
                <span className="block font-medium text-navy">Pay on account</span>
                <span id={`${id}-due`} className="block text-slate-600 text-sm">
                  {accountDueHint(terms.paymentTermsDays)}
                </span>
              </span>
            </label>
          </div>
          {paymentError && <FieldError id={`${id}-error`} message={paymentError} />}
        </fieldset>
      )}
    </>
  );
}
