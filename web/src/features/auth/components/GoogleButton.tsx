import { useEffect } from "react";
import { ButtonSpinner, GoogleIcon } from "#web/components/auth-icons";
import { errorMessage } from "#web/lib/api";
import { useAuthOptions } from "#web/lib/session/get-auth-options";
import { type GoogleSignInTargets, useGoogleSignIn } from "../api/sign-in-with-google";
import { FormAlert } from "./FormAlert";
import { OrDivider } from "./OrDivider";

type GoogleButtonProps = GoogleSignInTargets & {
  /** Disabled while the email form is submitting. */
  disabled?: boolean;
};

/**
 * The "or" line and "Continue with Google", only on a shop with a Google provider configured
 * (GET /api/auth-options answers `{google: true}`); elsewhere, and until the answer arrives, nothing.
 */
export function GoogleButton(props: GoogleButtonProps) {
  const options = useAuthOptions();
  if (options.data?.google !== true) return null;
  return (
    <>
      <OrDivider />
      <ContinueWithGoogle {...props} />
    </>
  );
}

function ContinueWithGoogle({ disabled = false, ...targets }: GoogleButtonProps) {
  const google = useGoogleSignIn();
  const redirecting = google.isPending || google.isSuccess;
  const { reset } = google;

  // Back from Google's page restores this page from the back/forward cache: the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);

  return (
    <div className="space-y-3">
      <button
        type="button"
        className="btn btn-secondary w-full"
        disabled={disabled || redirecting}
        onClick={() => google.mutate(targets)}
      >
        {redirecting ? <ButtonSpinner /> : <GoogleIcon className="size-5" />}
        {redirecting ? "Redirecting to Google…" : "Continue with Google"}
      </button>
      {google.isError && <FormAlert message={errorMessage(google.error)} />}
    </div>
  );
}
