import { z } from "zod";
import { userSchema } from "./accounts";
import { companyRoles } from "./companies";
import { paymentGateways } from "./payments";
import { shopLinkNames } from "./shop-links";

// Answers of the shop's routes that the web app reads without a schema of its own (or not at all),
// written down for the API document (GET /api/openapi.json, server/openapi/document.ts). The API
// tests hold each route's real answers to them (server/openapi/answers-shop.test.ts).

/** `GET /api/health`: 200 when the database answers, 503 (the same body) when it does not. */
export const healthAnswer = z.object({
  ok: z.boolean(),
  database: z.object({ kind: z.string(), answers: z.boolean() }),
});

/** `GET /api/health/ready`: 200 `{ ready: true }`; 503 with the reason while shutting down or without a database. */
export const readyAnswer = z.object({ ready: z.literal(true) });
export const notReadyAnswer = z.object({ ready: z.literal(false), reason: z.string() });

/** `GET /api/auth-options`: what the sign-in screens need to know (contract/accounts.ts AuthOptions). */
export const authOptionsAnswer = z.object({ google: z.boolean(), pictureSources: z.array(z.string()) });

/** `GET /api/admin/{email}`: whether that account is an admin. */
export const adminFlagAnswer = z.object({ admin: z.boolean() });

/** A change that touched `modifiedCount` records (0 when it was already so). */
export const modifiedAnswer = z.object({ modifiedCount: z.int() });

/** `GET /api/user` (admins): a page of users. */
export const userListAnswer = z.array(userSchema);

/** `GET /api/account/export`: everything the shop keeps about the caller ("Download my data"). */
export const accountExportAnswer = z.looseObject({
  account: z.looseObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    role: z.string().nullable(),
    createdAt: z.string(),
    signInMethods: z.array(z.object({ method: z.string(), since: z.string() })),
  }),
  orders: z.array(z.unknown()),
  reviews: z.array(z.unknown()),
  uploads: z.array(z.unknown()),
  cart: z.unknown(),
  notifications: z.array(z.unknown()),
});

/** `POST /api/companies/{id}/members`: the invitation mailed (accepted within `invitationDays`). */
export const invitationAnswer = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  expiresAt: z.string(),
});

/** `PATCH /api/companies/{id}/members/{userId}`: the member's new role. */
export const memberRoleAnswer = z.object({ userId: z.string(), role: z.enum(companyRoles) });

/** `GET /api/payments/config`: which gateway the payment page talks to (contract/payments.ts PaymentsConfig). */
export const paymentsConfigAnswer = z.object({
  gateway: z.enum(paymentGateways),
  publishableKey: z.string().optional(),
});

/** `POST /api/create-payment-intent` (contract/payments.ts PaymentIntentResponse): amount in cents, as the gateway charges it. */
export const paymentIntentAnswer = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.int().describe("In cents, as the gateway charges it"),
  currency: z.string(),
});

/** `POST /api/payments/simulated/confirm`. */
export const simulatedConfirmAnswer = z.object({ id: z.string(), status: z.literal("succeeded") });

/** `POST /api/webhooks/stripe`: the event was received (Stripe retries anything else). */
export const stripeEventAnswer = z.object({ received: z.literal(true) });

/** `GET /api/shop-links` (contract/shop-links.ts ShopLinks): an https:// address for each link that is set. */
export const shopLinksDocumented = z.object(
  Object.fromEntries(shopLinkNames.map((name) => [name, z.string().optional()])) as Record<
    (typeof shopLinkNames)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** An answer without a body (204). */
export const noContent = (description: string) => z.null().describe(description);

/** A non-JSON answer: its content type and what it holds. */
export const textAnswer = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** An error answer beyond those every route of its kind has (server/openapi/document.ts adds those). */
/** `POST /api/webhooks/stripe`'s body: a Stripe event, exactly as Stripe sent and signed it. */
export const stripeEventBody = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({}) })
  .describe("A Stripe event (https://docs.stripe.com/api/events/object)");

/** Better Auth's error (`/api/auth/*`), with our `error` beside its `message` and `code`. */
export const betterAuthError = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
});
