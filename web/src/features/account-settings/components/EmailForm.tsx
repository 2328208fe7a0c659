import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { changeEmailSchema } from "#contract/account-settings";
import { FailedAlert } from "#web/components/forms/FailedAlert";
import { TextField } from "#web/components/forms/TextField";
import { Saved } from "#web/components/SettingsCard";
import { useChangeEmail } from "../api/account-settings";

/** A new address, taken only once the link mailed to it is opened. */
export function EmailForm({ current }: { current: string }) {
  const change = useChangeEmail();
  const form = useForm({
    resolver: zodResolver(changeEmailSchema),
    mode: "onTouched",
    defaultValues: { newEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
    } catch {
      // Shown under the field.
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-slate-700 text-sm">
        Now: <span className="break-all font-semibold text-navy">{current}</span>
      </p>
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...form.register("newEmail")}
      />
      {change.isError && <FailedAlert error={change.error} />}
      {change.isSuccess && (
        <Saved>
          We sent a link to {form.getValues("newEmail")}. Your account uses the new address once you open it.
        </Saved>
      )}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send confirmation link"}
      </button>
    </form>
  );
}
