import { useMutation } from "@tanstack/react-query";
import type { SignInInput } from "#contract/accounts";
import { apiFetch } from "#web/lib/api";

/** POST /api/auth/sign-in/email: sets the session cookie. A wrong password is a 401 with the server's message. */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  await apiFetch("/api/auth/sign-in/email", {
    method: "POST",
    json: input,
    expectUnauthorized: true,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signInWithEmail });
}
