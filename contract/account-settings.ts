import { z } from "zod";
import { emailField, passwordField } from "./accounts";

// Account settings: the forms of the dashboard's screen and what the server checks of each.

const currentPassword = z
  .string({ error: "Current password is Required" })
  .min(1, "Current password is Required")
  .max(128, "Use at most 128 characters");

/** A wrong current password, when changing the password or deleting the account. */
export const wrongCurrentPasswordMessage = "That is not your current password";

/** `POST /api/auth/change-password`: the current password and a new one under the spec's rules. */
export const changePasswordRequestSchema = z.object({ currentPassword, newPassword: passwordField });

/** The form: the new password twice. */
export const changePasswordSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** `POST /api/auth/change-email` (and its form): the new address under the sign-up rules. */
export const changeEmailSchema = z.object({ newEmail: emailField, callbackURL: z.string().optional() });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** `DELETE /api/account`: the account's password, as a last check that its owner asks. */
export const deleteAccountSchema = z.object(
  { password: currentPassword },
  { error: "Send the password as a JSON object" },
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Where the link of a change of email returns to (Better Auth adds ?error= when it was not valid). */
export const emailChangedReturnPath = "/dashboard/account?email-changed=1";
