import { z } from "zod";

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
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What the sign-in screens need to know about the server's configuration. */
export type AuthOptions = { google: boolean };
