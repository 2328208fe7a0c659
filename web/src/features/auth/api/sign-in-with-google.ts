import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiJson } from "#web/lib/api";

/** The provider id the server gives its Google (or stand-in OIDC) sign-in (server/accounts/auth.ts). */
const googleProviderId = "google";

const redirectSchema = z.object({ url: z.url() });

export type GoogleSignInTargets = {
  /** Where the user lands once signed in (a path of this shop). */
  callbackURL: string;
  /** Where a first-time Google user lands, if not `callbackURL`. */
  newUserCallbackURL?: string;
  /** Where a failed or cancelled sign-in returns; the server adds `?error=<code>`. */
  errorCallbackURL: string;
};

/**
 * POST /api/auth/sign-in/social starts Google sign-in: the server answers with the provider's
 * authorization URL, and the browser goes there. Google then returns through
 * /api/auth/callback/google, which sets the session cookie and redirects to `callbackURL`.
 */
export async function startGoogleSignIn(targets: GoogleSignInTargets): Promise<void> {
  const { url } = await apiJson("/api/auth/sign-in/social", redirectSchema, {
    method: "POST",
    json: { provider: googleProviderId, ...targets },
    expectUnauthorized: true,
  });
  window.location.assign(url);
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: startGoogleSignIn });
}

/** What to tell the user when Google sign-in came back with `?error=<code>` (Better Auth's codes). */
export function googleErrorMessage(code: string): string {
  switch (code) {
    case "access_denied":
      return "Google sign-in was cancelled. You can try again, or use your email and password.";
    case "account_not_linked":
      return "An account with this email already exists. Log in with your email and password.";
    case "email_not_found":
      return "Google did not share an email address, so we could not sign you in.";
    default:
      return "Google sign-in did not work. Please try again, or use your email and password.";
  }
}
