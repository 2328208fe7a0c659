import { z } from "zod";
import { uploadNamePattern } from "./uploads";

// The spec's sign-in and sign-up rules and messages, used by the forms and by the server.

/** The spec's "simple pattern": letters or digits, @, letters, a dot and 2 to 3 letters. */
const simpleEmailPattern = /[A-Za-z0-9]+@[A-Za-z]+\.[A-Za-z]{2,3}/;

export const emailField = z
  .string({ error: "Email is Required" })
  .trim()
  .min(1, "Email is Required")
  .max(150, "Provide a valid Email")
  .regex(simpleEmailPattern, "Provide a valid Email")
  .pipe(z.email("Provide a valid Email"));

export const passwordMinLength = 8;

export const passwordField = z
  .string({ error: "Password is Required" })
  .min(1, "Password is Required")
  .min(passwordMinLength, "Must be 8 characters")
  .max(128, "Use at most 128 characters");

export const nameField = z
  .string({ error: "Name is Required" })
  .trim()
  .min(1, "Name is Required")
  .max(120, "Use at most 120 characters");

export const signInSchema = z.object({ email: emailField, password: passwordField });
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({ name: nameField, email: emailField, password: passwordField });
export type SignUpInput = z.infer<typeof signUpSchema>;

const uploadedPhoto = "The picture must be a photo uploaded to this shop";

/**
 * A picture a user may give their account: a photo uploaded to this shop, by its path
 * (`/uploads/<name>`) or at the shop's own address (`shopOrigin`, the PUBLIC_URL); null removes it.
 * Never a remote URL: it would load in the admin's browser on All Users. (The identity provider's
 * own picture is set by the server at sign-in, not through this.)
 */
export function accountImageField(shopOrigin: string) {
  const prefixes = ["/uploads/", `${shopOrigin.replace(/\/+$/, "")}/uploads/`];
  return z
    .string({ error: uploadedPhoto })
    .trim()
    .max(300, uploadedPhoto)
    .refine((url) => {
      const prefix = prefixes.find((p) => url.startsWith(p));
      return prefix !== undefined && uploadNamePattern.test(url.slice(prefix.length));
    }, uploadedPhoto)
    .nullable();
}

/** What the server accepts at sign-up: the form's fields, and a picture only under the account rule. */
export const signUpRequestSchema = (shopOrigin: string) =>
  signUpSchema.extend({ image: accountImageField(shopOrigin).optional() });

/** `POST /api/auth/update-user`: a name under the sign-up rules, a picture under the account rule. */
export const accountUpdateSchema = (shopOrigin: string) =>
  z.object(
    { name: nameField.optional(), image: accountImageField(shopOrigin).optional() },
    { error: "Send the account's changes as a JSON object" },
  );

/**
 * An email in a path (/api/admin/{email}): any address an account can have (Google accounts too,
 * e.g. a@mail-server.com), not only the sign-up form's simple pattern.
 */
export const emailParams = z.object({
  email: z.string().trim().max(254, "Provide a valid Email").pipe(z.email("Provide a valid Email")),
});

/** A user as the All Users table shows it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
  image: z.string().nullable(),
  /** The address was proved: only such an account can be made an admin. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Why Make Admin refuses an account whose address nobody has proved (the server's 409 and the page). */
export const unverifiedAdminMessage = (email: string) =>
  `${email} has not verified their email address yet. Only a verified account can be made an admin: ask them to open the link we mailed them, then try again.`;

/** What the sign-in screens need to know about the server's configuration. */
export type AuthOptions = {
  google: boolean;
  /**
   * Where the identity provider's pictures come from (as in the Content-Security-Policy's img-src):
   * `https://*.googleusercontent.com` for Google, a stand-in OIDC issuer's origin; none without one.
   * The web shows a user's picture only from the shop itself or from these.
   */
  pictureSources: string[];
};
