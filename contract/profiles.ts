import { z } from "zod";
import type * as zm from "zod/mini";
import { emailField, nameField } from "./accounts";
import {
  type OwnRecordFields,
  type ProfileView,
  portfolioAnswer,
  portfolioFields,
  profileAnswer,
  profileFields,
} from "./answers";
import { portfolioEducations, profileEducations } from "./choices";
import { requiredText, tooLong } from "./fields";
import { imageUrlField } from "./uploads";

/** The spec's message when a profile or portfolio is saved without a session. */
export const noUserMessage = "No user is logged in";

/** A schema for each of a record's fields (answers.ts), none more. */
type FieldsOf<Record extends OwnRecordFields> = { [F in Record["fields"][number]]: z.ZodType };

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
} satisfies FieldsOf<typeof profileFields>);
export type ProfileInput = z.input<typeof profileSchema>;

/** A profile as its owner and admins see it. */
export type Profile = Required<ProfileView>;

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
} satisfies FieldsOf<typeof portfolioFields>);
export type PortfolioInput = z.input<typeof portfolioSchema>;

// A profile, a portfolio and the answer to saving either, as the API sends them (answers.ts).
export type { Portfolio, ProfileView, SavedResponse } from "./answers";

/**
 * A record each user keeps one of (a profile, a portfolio), for the server and the web alike:
 * `POST <path>` saves the signed-in user's (creating again updates it), `GET <path>?email=` reads
 * someone's, whose private fields only its owner and admins see. Its fields, their order and the
 * answer's schema are answers.ts's (`fields`, `privateFields`, `answer`); `schema` checks the same fields.
 */
export type OwnRecordKind<
  Shape extends z.ZodRawShape = z.ZodRawShape,
  Private extends keyof Shape & string = keyof Shape & string,
  View extends { _id: string } = { _id: string },
> = OwnRecordFields<keyof Shape & string, Private> & {
  /** The word on screen ("Profile"); in lower case in sentences. */
  noun: "Profile" | "Portfolio";
  path: "/api/myProfile" | "/api/myPortfolio";
  /** The form and the body of `POST`. */
  schema: z.ZodObject<Shape>;
  /** What `GET` answers (contract/answers.ts), the web's check of it. */
  answer: zm.ZodMiniType<View>;
  /** The choices of its education (contract/choices.ts). */
  educations: readonly string[];
  /** The 404 of `GET` when the person has none. */
  missing: string;
};

export const profileKind = {
  ...profileFields,
  noun: "Profile",
  path: "/api/myProfile",
  schema: profileSchema,
  answer: profileAnswer,
  educations: profileEducations,
  missing: "No profile yet",
} as const satisfies OwnRecordKind<typeof profileSchema.shape, "email" | "phone">;

export const portfolioKind = {
  ...portfolioFields,
  noun: "Portfolio",
  path: "/api/myPortfolio",
  schema: portfolioSchema,
  answer: portfolioAnswer,
  educations: portfolioEducations,
  missing: "No portfolio yet",
} as const satisfies OwnRecordKind<typeof portfolioSchema.shape, "email">;
