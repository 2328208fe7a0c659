import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { resetPasswordSchema } from "#contract/password-reset";
import { ButtonSpinner } from "#web/components/auth-icons";
import { NewPasswordFields } from "#web/components/forms/NewPasswordFields";
import { Link } from "#web/components/Link";
import { errorMessage } from "#web/lib/api";
import { useSearchParams } from "#web/lib/routing/search-params";
import { forgetSession } from "#web/lib/session/get-session";
import { useResetPassword } from "../api/password-reset";
import { AuthLayout } from "../components/AuthLayout";
import { FormAlert } from "../components/FormAlert";
import { FormNotice } from "../components/FormNotice";

const askAgain = (
  <Link to="/forgot-password" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
    Ask for a new link
  </Link>
);

/** /reset-password?token=: the emailed link lands here; a new password, then every session is signed out. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const queryClient = useQueryClient();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onTouched",
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    try {
      await reset.mutateAsync({ token, newPassword });
      forgetSession(queryClient);
    } catch {
      // The server's message shows above the button.
    }
  });

  const title = "Choose a new password";
  if (!token || searchParams.has("error")) {
    return (
      <AuthLayout
        title={title}
        subtitle="Reset your password with the link we emailed you."
        footer={askAgain}
      >
        <FormAlert message="This reset link is not valid any more: it works once, within one hour. Ask for a new one." />
      </AuthLayout>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthLayout title={title} subtitle="Your password is changed." footer={askAgain}>
        <FormNotice title="Password changed">
          Every device that was signed in to your account is signed out. Log in with your new password.
        </FormNotice>
        <Link to="/login" className="btn btn-primary mt-6 w-full">
          Go to login
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={title}
      subtitle="After the change, every device signed in to your account is signed out."
      footer={askAgain}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <NewPasswordFields register={form.register} errors={errors} layout="stacked" />
        {reset.isError && <FormAlert message={errorMessage(reset.error)} />}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <ButtonSpinner />}
          {isSubmitting ? "Saving…" : "Set new password"}
        </button>
      </form>
    </AuthLayout>
  );
}
