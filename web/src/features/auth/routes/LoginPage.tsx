import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { signInSchema } from "#contract/accounts";
import { ButtonSpinner } from "#web/components/auth-icons";
import { TextField } from "#web/components/forms/TextField";
import { Link } from "#web/components/Link";
import { useSearchParams } from "#web/lib/routing/search-params";
import { safeRedirect } from "#web/lib/session/redirect";
import { useSignIn } from "../api/sign-in";
import { AlreadySignedIn } from "../components/AlreadySignedIn";
import { AuthLayout } from "../components/AuthLayout";
import { FormAlert } from "../components/FormAlert";
import { GoogleButton } from "../components/GoogleButton";
import { useAuthSubmit } from "../components/use-auth-submit";

/** /login: email and password, or Google; afterwards back to the page the visitor asked for, or /. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const target = redirect ?? "/";
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, serverError, signedIn } = useAuthSubmit(form, signIn, target);

  if (signedIn) return <AlreadySignedIn user={signedIn} continueTo={target} />;

  const here = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";

  return (
    <AuthLayout
      title="Login"
      subtitle={
        redirect
          ? "Please log in to continue to the page you asked for."
          : "Welcome back. Log in to order tools and follow your orders."
      }
      footer={
        <>
          New to Car Mechanic?{" "}
          <Link to="/signup" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="font-semibold text-accent-dark underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        {serverError && <FormAlert message={serverError} />}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <ButtonSpinner />}
          {isSubmitting ? "Logging in…" : "Login"}
        </button>
      </form>
      <GoogleButton callbackURL={target} errorCallbackURL={here} disabled={isSubmitting} />
    </AuthLayout>
  );
}
