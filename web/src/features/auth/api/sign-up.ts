import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "#contract/accounts";
import { apiFetch } from "#web/lib/api";

/** POST /api/auth/sign-up/email: creates the account and signs it in (the session cookie is set). */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await apiFetch("/api/auth/sign-up/email", { method: "POST", json: input, expectUnauthorized: true });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
