import { useMutation } from "@tanstack/react-query";
import { type ForgotPasswordInput, resetPasswordPath } from "#contract/password-reset";
import { apiFetch } from "#web/lib/api";

/** POST /api/auth/request-password-reset: mails a reset link when an account uses the address; the same answer either way. */
export async function requestPasswordReset({ email }: ForgotPasswordInput): Promise<void> {
  await apiFetch("/api/auth/request-password-reset", {
    method: "POST",
    json: { email, redirectTo: resetPasswordPath },
    expectUnauthorized: true,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/auth/reset-password: sets the new password with the link's token and signs every session out. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiFetch("/api/auth/reset-password", { method: "POST", json: input, expectUnauthorized: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
