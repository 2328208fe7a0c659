import { z } from "zod";
import { emailField, nameField } from "./accounts";
import { portfolioEducations, profileEducations } from "./choices";
import { requiredText, tooLong } from "./fields";
import { imageUrlField } from "./uploads";

/** The spec's message when a profile or portfolio is saved without a session. */
export const noUserMessage = "No user is logged in";

const digits = (s: string) => s.replace(/\D/g, "").length;

/** A phone number as people type it: digits with optional +, spaces, dots, dashes and brackets. */
export const phoneField = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z
    .string({ error: "Phone Number Required" })
    .trim()
    .min(1, "Phone Number Required")
    .max(30, "Provide a valid phone number")
    .regex(/^\+?[0-9][0-9 ().-]*$/, "Provide a valid phone number")
    .refine((s) => digits(s) >= 6 && digits(s) <= 15, "Provide a valid phone number"),
);

/** A LinkedIn profile link (with or without https://) or just the id after /in/. */
export const linkedInField = z
  .string({ error: "LinkedIn Id Required" })
  .trim()
  .min(1, "LinkedIn Id Required")
  .max(200, tooLong(200))
  .regex(
    /^((https?:\/\/)?([a-z]{2,3}\.)?linkedin\.com\/[^\s<>"'`]+|[A-Za-z0-9][A-Za-z0-9_.%-]{1,99})$/i,
    "Provide your LinkedIn profile link or id",
  );

/** The Create Profile form and `POST /api/myProfile`. The stored email is always the session's. */
export const profileSchema = z.object({
  name: nameField,
  email: emailField,
  education: z.enum(profileEducations, { error: "Choose your education" }),
  location: requiredText("Location is Required", 120),
  phone: phoneField,
  linkedIn: linkedInField,
  img: imageUrlField,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** A profile as its owner and admins see it. */
export type Profile = {
  _id: string;
  name: string;
  email: string;
  education: string;
  location: string;
  phone: string;
  linkedIn: string;
  img: string;
};

/** What anyone else sees: never the email or the phone. */
export type PublicProfile = Pick<Profile, "_id" | "name" | "img" | "education" | "location" | "linkedIn">;

/** `GET /api/myProfile?email=` and `GET /api/myPortfolio?email=`; without it, the signed-in user's own. */
export const ownerQuery = z.object({ email: emailField.optional() });

const projectLink = (n: 1 | 2 | 3) =>
  z
    .string({ error: `Project${n} Link Required` })
    .trim()
    .min(1, `Project${n} Link Required`)
    .max(500, tooLong(500))
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: `Project${n} Link must start with http:// or https://`,
      }),
    );

/** The Create Portfolio form and `POST /api/myPortfolio`. The stored email is always the session's. */
export const portfolioSchema = z.object({
  name: nameField,
  email: emailField,
  education: z.enum(portfolioEducations, { error: "Choose your education" }),
  skill: requiredText("Skill is Required", 500),
  project1: projectLink(1),
  project2: projectLink(2),
  project3: projectLink(3),
  img: imageUrlField,
});
export type PortfolioInput = z.input<typeof portfolioSchema>;

// A portfolio and the answer to saving a profile or a portfolio, as the API sends them (answers.ts).
export type { Portfolio, SavedResponse } from "./answers";

/**
 * A record each user keeps one of (a profile, a portfolio), for the server and the web alike:
 * `POST <path>` saves the signed-in user's (creating again updates it), `GET <path>?email=` reads
 * someone's, whose private fields only its owner and admins see.
 */
export type OwnRecordKind<
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Private extends keyof Shape & string = keyof Shape & string,
> = {
  /** The word on screen ("Profile"); in lower case in sentences. */
  noun: "Profile" | "Portfolio";
  path: "/api/myProfile" | "/api/myPortfolio";
  /** The form and the body of `POST`; its fields, in its order, are the record's after `_id`. */
  schema: z.ZodObject<Shape>;
  /** The fields only its owner and admins see. */
  privateFields: readonly Private[];
  /** The choices of its education (contract/choices.ts). */
  educations: readonly string[];
  /** The 404 of `GET` when the person has none. */
  missing: string;
};

/** The record's fields in the order the API sends them (after `_id`). */
export const fieldsOf = <Shape extends z.ZodRawShape>(kind: { schema: z.ZodObject<Shape> }) =>
  Object.keys(kind.schema.shape) as (keyof Shape & string)[];

export const profileKind: OwnRecordKind<typeof profileSchema.shape, "email" | "phone"> = {
  noun: "Profile",
  path: "/api/myProfile",
  schema: profileSchema,
  privateFields: ["email", "phone"],
  educations: profileEducations,
  missing: "No profile yet",
};

export const portfolioKind: OwnRecordKind<typeof portfolioSchema.shape, "email"> = {
  noun: "Portfolio",
  path: "/api/myPortfolio",
  schema: portfolioSchema,
  privateFields: ["email"],
  educations: portfolioEducations,
  missing: "No portfolio yet",
};
