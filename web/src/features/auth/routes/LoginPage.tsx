import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { signInSchema } from "../../../../../contract/accounts";
import { errorMessage } from "../../../lib/api";
import { refreshSession, useSession } from "../api/get-session";
import { useSignIn } from "../api/sign-in";
import { googleErrorMessage } from "../api/sign-in-with-google";
import { AlreadySignedIn } from "../components/AlreadySignedIn";
import { AuthLayout } from "../components/AuthLayout";
import { ButtonSpinner } from "../components/auth-icons";
import { FormAlert } from "../components/FormAlert";
import { GoogleButton } from "../components/GoogleButton";
import { OrDivider } from "../components/OrDivider";
import { TextField } from "../components/TextField";
import { safeRedirect } from "../redirect";

/** /login: email and password, or Google; afterwards back to the page the visitor asked for, or /. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get("redirect"));
  const target = redirect ?? "/";
  const googleError = searchParams.get("error");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const signIn = useSignIn();
  const form = useForm({
    resolver: zodResolver(signInSchema),
    mode: "onTouched",
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch {
      return; // The server's message shows above the button.
    }
    await refreshSession(queryClient).catch(() => null);
    await navigate(target, { replace: true });
  });

  if (session.data && !isSubmitting && !isSubmitSuccessful) {
    return <AlreadySignedIn user={session.data} continueTo={target} />;
  }

  const here = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login";
  const serverError = signIn.isError
    ? errorMessage(signIn.error)
    : googleError && googleErrorMessage(googleError);

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
        {serverError && <FormAlert message={serverError} />}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <ButtonSpinner />}
          {isSubmitting ? "Logging in…" : "Login"}
        </button>
      </form>
      <OrDivider />
      <GoogleButton callbackURL={target} errorCallbackURL={here} disabled={isSubmitting} />
    </AuthLayout>
  );
}
