import type { UseFormRegisterReturn } from "react-hook-form";
import { countryOptions } from "#web/lib/tax/countries";
import { controlClass, Field } from "../FormField";

type RegionField = "country" | "region";

type DeliveryRegionFieldsProps = {
  /** The form's `register` (react-hook-form), of a form with these two fields. */
  register: (name: RegionField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<RegionField, { message?: string | undefined }>>;
};

/**
 * The delivery address's country (its ISO code, the shop's by default) and state or region: they
 * choose the order's tax rate (contract/tax.ts). The Order Now form and the cart's checkout.
 */
export function DeliveryRegionFields({ register, errors }: DeliveryRegionFieldsProps) {
  return (
    <>
      <Field label="Country" error={errors.country?.message}>
        {(control) => (
          <select {...control} {...register("country")} autoComplete="country" className={controlClass}>
            {countryOptions().map(({ code, name }) => (
              <option key={code} value={code}>
                {name} ({code})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="State or region"
        optional
        error={errors.region?.message}
        hint="Sets the tax rate where it differs by state or region."
      >
        {(control) => (
          <input
            {...control}
            {...register("region")}
            type="text"
            autoComplete="address-level1"
            maxLength={64}
            placeholder="NY"
            className={controlClass}
          />
        )}
      </Field>
    </>
  );
}
