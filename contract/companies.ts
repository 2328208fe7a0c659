import { z } from "zod";
import { emailField } from "./accounts";
import { requiredText, uuidParams } from "./fields";
import { dollarsToCents, formatDollars } from "./money";
import { isRealDate } from "./orders";
import { listQuery } from "./pagination";
import { taxExemptReasonField } from "./tax";

// Company accounts (issue 27): a company, its members and the invitations that make new ones.

export const companyStatuses = ["pending", "approved", "rejected"] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

export const companyRoles = ["admin", "buyer"] as const;
export type CompanyRole = (typeof companyRoles)[number];

/** Days after shipping an on-account order is due; 0 = card only (no paying on account). */
export const paymentTerms = [0, 15, 30, 60] as const;
export type PaymentTermsDays = (typeof paymentTerms)[number];

export const companyLimits = {
  name: 120,
  taxId: 40,
  address: 500,
  /** The largest credit limit, in dollars. */
  creditLimit: 10_000_000,
  discountPercent: 50,
} as const;

/** How long an emailed invitation can be accepted. */
export const invitationDays = 7;

/** `POST /api/companies`: a signed-in user applies for a company account. */
export const companyApplication = z.object({
  name: requiredText("Company name is Required", companyLimits.name),
  taxId: requiredText("Tax ID is Required", companyLimits.taxId),
  address: requiredText("Address is Required", companyLimits.address),
});
export type CompanyApplication = z.input<typeof companyApplication>;

const statusField = z.enum(companyStatuses, {
  error: "status must be one of pending, approved, rejected",
});

/** `PATCH /api/companies/{id}` (shop admins): the decision and the terms; creditLimit in dollars. */
export const companyTerms = z
  .strictObject(
    {
      status: statusField.optional(),
      paymentTermsDays: z
        .literal(paymentTerms, { error: "paymentTermsDays must be 0 (card only), 15, 30 or 60" })
        .optional(),
      creditLimit: z
        .number({ error: "creditLimit must be a number of dollars" })
        .min(0, "creditLimit cannot be negative")
        .max(
          companyLimits.creditLimit,
          `creditLimit must be at most ${formatDollars(companyLimits.creditLimit)}`,
        )
        .refine((d) => dollarsToCents(d) !== undefined, "Use at most two decimals for creditLimit")
        .optional(),
      discountPercent: z
        .number({ error: "discountPercent must be a number" })
        .int("discountPercent must be a whole number")
        .min(0, "discountPercent must be between 0 and 50")
        .max(companyLimits.discountPercent, "discountPercent must be between 0 and 50")
        .optional(),
      poRequired: z.boolean({ error: "poRequired must be true or false" }).optional(),
      /** Issue 28: a reason makes the company tax-exempt (e.g. "EU reverse charge"); null or "" ends it. */
      taxExemptReason: taxExemptReasonField.optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field: ${issue.keys.join(", ")}`
          : "Send the company's terms as JSON",
    },
  )
  .refine((t) => Object.values(t).some((v) => v !== undefined), "Send at least one field to change");
export type CompanyTermsInput = z.input<typeof companyTerms>;

/** `GET /api/companies?status=&cursor=|page=&limit=` (shop admins): newest first. */
export const companyListQuery = listQuery.extend({ status: statusField.optional() });

export const companyIdParams = uuidParams("That is not a valid company id");

export const memberParams = z.object({
  id: z.uuid({ error: "That is not a valid company id" }),
  userId: z.string().min(1, "That is not a valid member id").max(100, "That is not a valid member id"),
});

const roleField = z.enum(companyRoles, { error: 'role must be "admin" or "buyer"' });

/** `POST /api/companies/{id}/members` (company admins): an invitation mailed to `email`. */
export const invitationBody = z.object({ email: emailField, role: roleField });
export type InvitationInput = z.input<typeof invitationBody>;

/** `PATCH /api/companies/{id}/members/{userId}` (company admins). */
export const memberRoleBody = z.object({ role: roleField });

/** The invitation's token, as mailed (base64url of 32 random bytes). */
export const invitationParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "That invitation link is not valid"),
});

/** The page an invitation's link opens (the signed-in member accepts it there). */
export const invitationPath = (token: string) => `/dashboard/company?invitation=${token}`;

/** The refusals the web app shows as they come. */
export const companyMessages = {
  alreadyMember: "You are already a member of a company: leave it before applying for another",
  lastAdmin: "A company needs at least one admin: make another member an admin first",
  notApproved: "You can invite people once the shop has approved your company account",
  notCompanyAdmin: "Only your company's admins can do that",
  noCompany: "No company with that id",
  noMember: "No member with that id in this company",
  alreadyInCompany: "That person is already a member of your company",
  invitationUnknown: "That invitation link is not valid",
  invitationExpired: "This invitation has expired: ask your company's admin to send a new one",
  invitationUsed: "This invitation has already been accepted",
  invitationOtherAddress:
    "This invitation was sent to another email address: sign in with that address to accept it",
  invitationUnverified:
    "Please verify your email address before accepting the invitation: open the link we emailed you",
  companyClosed: "This company account is not open to new members",
  // Ordering for a company (items 3-5).
  poRequired: "Your company asks for a PO number on every order: enter one",
  accountNotOffered:
    "Paying on account is for members of an approved company with payment terms: pay by card instead",
  overCreditLimit:
    "This order would take your company past its credit limit: pay by card, or ask your company to settle its balance",
  overdueBlocks:
    "Your company has an amount overdue by more than 15 days: pay this order by card, or settle the overdue amount first",
} as const;

/** An amount overdue by more than this many days stops new orders on account (card still works). */
export const overdueBlockDays = 15;
/** The message "due in N days" is sent this many days before an amount is due. */
export const dueSoonDays = 3;
/** Shop admins hear when a company's open balance passes this share of its credit limit. */
export const nearLimitShare = 0.9;

/** `POST /api/companies/{id}/payments` (shop admins): a transfer received; amount in dollars. */
export const companyPaymentBody = z.object({
  amount: z
    .number({ error: "Enter the amount received in dollars" })
    .positive("The amount must be more than $0.00")
    .max(companyLimits.creditLimit, `The amount must be at most ${formatDollars(companyLimits.creditLimit)}`)
    .refine((d) => dollarsToCents(d) !== undefined, "Use at most two decimals for the amount"),
  reference: requiredText("Reference is Required", 100),
  receivedOn: z
    .string({ error: "Enter the day the payment was received" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD")
    .refine(isRealDate, "That date does not exist"),
});
export type CompanyPaymentInput = z.input<typeof companyPaymentBody>;

/** Refusals of `POST /api/companies/{id}/payments` the body's schema cannot see (the shop's today). */
export const paymentMessages = {
  receivedInFuture: "The day received cannot be in the future",
} as const;

/** `GET /api/companies/{id}/statement?format=csv` (or `Accept: text/csv`): a CSV download; JSON otherwise. */
export const statementQuery = z.object({
  format: z.enum(["json", "csv"], { error: 'format must be "json" or "csv"' }).optional(),
});

// A company's balance, payments and statement as the API sends them (answers.ts).
// A company and a membership as the API sends them (answers.ts).
export type {
  Company,
  CompanyBalance,
  CompanyListItem,
  CompanyPayment,
  MyCompany,
  StatementLine,
} from "./answers";
