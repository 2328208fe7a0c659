import { z } from "zod";
import { emailField, passwordField } from "./accounts";

/** "Forgot password?": the address to send the link to (`POST /api/auth/request-password-reset`). */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The body of `POST /api/auth/request-password-reset`: the address, and the page the link opens. */
export const passwordResetRequestSchema = forgotPasswordSchema.extend({ redirectTo: z.string().optional() });

/** The body of `POST /api/auth/reset-password`: the spec's password rules, checked by the server too. */
export const resetPasswordRequestSchema = z.object({ newPassword: passwordField });

/** The reset page's form: the new password twice. */
export const resetPasswordSchema = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Where the emailed reset link lands (Better Auth adds ?token=, or ?error= for a spent or expired link). */
export const resetPasswordPath = "/reset-password";

/** The page a verification link returns to; Better Auth adds ?error= when the link was not valid. */
export const verifiedReturnPath = "/dashboard?verified=1";
