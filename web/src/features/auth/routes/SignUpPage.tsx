import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { passwordMinLength, signUpSchema } from "#contract/accounts";
import { ButtonSpinner } from "#web/components/auth-icons";
import { TextField } from "#web/components/forms/TextField";
import { Link } from "#web/components/Link";
import { useSignUp } from "../api/sign-up";
import { AlreadySignedIn } from "../components/AlreadySignedIn";
import { AuthLayout } from "../components/AuthLayout";
import { FormAlert } from "../components/FormAlert";
import { GoogleButton } from "../components/GoogleButton";
import { useAuthSubmit } from "../components/use-auth-submit";

/** Where a new account lands (spec §2: "on success go to /tools"). */
const afterSignUp = "/tools";

/** /signup: name, email and password, or Google. */
export function SignUpPage() {
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    mode: "onTouched",
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, serverError, signedIn } = useAuthSubmit(form, signUp, afterSignUp);

  if (signedIn) return <AlreadySignedIn user={signedIn} continueTo={afterSignUp} />;

  return (
    <AuthLayout
      title="Sign Up"
      subtitle="Create your account to order tools in lots, pay by card and follow your orders."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-accent-dark underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
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
          autoComplete="new-password"
          hint={`At least ${passwordMinLength} characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        {serverError && <FormAlert message={serverError} />}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <ButtonSpinner />}
          {isSubmitting ? "Creating your account…" : "Sign Up"}
        </button>
      </form>
      <GoogleButton callbackURL={afterSignUp} errorCallbackURL="/signup" disabled={isSubmitting} />
    </AuthLayout>
  );
}
