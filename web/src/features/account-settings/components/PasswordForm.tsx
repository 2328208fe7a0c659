import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { changePasswordSchema } from "#contract/account-settings";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { NewPasswordFields } from "#web/components/forms/NewPasswordFields";
import { TextField } from "#web/components/forms/TextField";
import { Saved } from "#web/components/SettingsCard";
import { useChangePassword } from "../api/account-settings";

/** A new password, with the current one; every other device is signed out. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: "onTouched",
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      form.reset();
    } catch {
      // Shown under the fields.
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <NewPasswordFields register={form.register} errors={errors} layout="side-by-side" />
      {change.isError && <FailedAlert error={change.error} />}
      {change.isSuccess && <Saved>Password changed. Every other device is signed out.</Saved>}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
