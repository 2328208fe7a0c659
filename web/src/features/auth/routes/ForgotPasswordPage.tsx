import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { forgotPasswordSchema } from "#contract/password-reset";
import { ButtonSpinner } from "#web/components/auth-icons";
import { TextField } from "#web/components/forms/TextField";
import { Link } from "#web/components/Link";
import { errorMessage } from "#web/lib/api";
import { useRequestPasswordReset } from "../api/password-reset";
import { AuthLayout } from "../components/AuthLayout";
import { FormAlert } from "../components/FormAlert";
import { FormNotice } from "../components/FormNotice";

const backToLogin = (
  <Link to="/login" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
    Back to login
  </Link>
);

/** /forgot-password: asks for the reset link; the answer never tells whether an account uses the address. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    await request.mutateAsync(values).catch(() => undefined);
  });

  return (
    <AuthLayout
      title="Forgot password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      {request.isSuccess ? (
        <FormNotice title="Check your email">
          If an account uses {request.variables.email}, we have sent it a link to choose a new password. The
          link works once, within one hour. No email? Check the spam folder, or ask again in a few minutes.
        </FormNotice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          {request.isError && <FormAlert message={errorMessage(request.error)} />}
          <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? "Sending…" : "Send me a reset link"}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
