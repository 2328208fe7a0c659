import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { passwordMinLength } from "#contract/accounts";
import { TextField } from "./TextField";

type NewPassword = { newPassword: string; confirmPassword: string };

type NewPasswordFieldsProps = {
  /** The form's `register`, for the two fields. */
  register: (name: keyof NewPassword) => UseFormRegisterReturn;
  errors: FieldErrors<NewPassword>;
  /** `stacked` one under the other (a narrow form), `side-by-side` from small screens up. */
  layout: "stacked" | "side-by-side";
};

/** A new password and its confirmation: account settings' password change and the reset link's page. */
export function NewPasswordFields({ register, errors, layout }: NewPasswordFieldsProps) {
  return (
    <div className={layout === "stacked" ? "space-y-5" : "grid gap-5 sm:grid-cols-2"}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${passwordMinLength} characters.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
    </div>
  );
}
