import { useEffect, useId } from "react";
import { ButtonSpinner, GoogleIcon } from "#web/components/auth-icons";
import { errorMessage } from "#web/lib/api";
import { useAuthOptions } from "#web/lib/session/get-auth-options";
import { type GoogleSignInTargets, useGoogleSignIn } from "../api/sign-in-with-google";
import { FormAlert } from "./FormAlert";

type GoogleButtonProps = GoogleSignInTargets & {
  /** Disabled while the email form is submitting. */
  disabled?: boolean;
};

/**
 * "Continue with Google". Shown disabled, with the reason, when the shop has no Google provider
 * configured (GET /api/auth-options answers `{google: false}`).
 */
export function GoogleButton({ disabled = false, ...targets }: GoogleButtonProps) {
  const options = useAuthOptions();
  const google = useGoogleSignIn();
  const hintId = useId();
  const unavailable = options.data?.google === false;
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
        disabled={disabled || unavailable || options.isPending || redirecting}
        aria-describedby={unavailable ? hintId : undefined}
        onClick={() => google.mutate(targets)}
      >
        {redirecting ? (
          <ButtonSpinner />
        ) : (
          <GoogleIcon className={`size-5 ${unavailable ? "opacity-50 grayscale" : ""}`} />
        )}
        {redirecting ? "Redirecting to Google…" : "Continue with Google"}
      </button>
      {unavailable && (
        <p id={hintId} className="text-center text-slate-600 text-sm">
          Google sign-in is not configured on this shop.
        </p>
      )}
      {google.isError && <FormAlert message={errorMessage(google.error)} />}
    </div>
  );
}
