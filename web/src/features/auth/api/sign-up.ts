import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "#contract/accounts";
import { verifiedReturnPath } from "#contract/password-reset";
import { apiFetch } from "#web/lib/api";

/** POST /api/auth/sign-up/email: creates the account, signs it in (the session cookie is set) and mails the verification link. */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  // The emailed verification link comes back to the dashboard, which tells the address is verified.
  await apiFetch("/api/auth/sign-up/email", {
    method: "POST",
    json: { ...input, callbackURL: verifiedReturnPath },
    expectUnauthorized: true,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
