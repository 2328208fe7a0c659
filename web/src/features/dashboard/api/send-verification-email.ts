import { useMutation } from "@tanstack/react-query";
import { verifiedReturnPath } from "#contract/password-reset";
import { apiFetch } from "#web/lib/api";

/** POST /api/auth/send-verification-email: a new link to the signed-in user's address (a few a minute). */
export async function sendVerificationEmail(email: string): Promise<void> {
  await apiFetch("/api/auth/send-verification-email", {
    method: "POST",
    json: { email, callbackURL: verifiedReturnPath },
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
