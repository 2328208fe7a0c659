import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { deleteAccountSchema } from "#contract/account-settings";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { TextField } from "#web/components/forms/TextField";
import { useDeleteAccount } from "../api/account-settings";

/** Deletes the account once its password is typed: then to the home page, signed out. */
export function DeleteAccountForm() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(deleteAccountSchema),
    mode: "onTouched",
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await remove.mutateAsync(input);
      navigate("/", { replace: true });
    } catch {
      // Shown under the field.
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      {remove.isError && <FailedAlert error={remove.error} />}
      <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={isSubmitting}>
        {isSubmitting ? "Deleting…" : "Delete my account"}
      </button>
    </form>
  );
}
