import { z } from "zod";
import { requiredText } from "./fields";

// Personal access tokens (issue 29): a signed-in user makes one in Account settings for their own
// software; a request with `Authorization: Bearer <token>` then acts as that user, within the
// token's scopes. Only its hash is stored; the token itself is shown once, when it is made.

export const tokenScopes = ["catalog:read", "orders:read", "orders:write", "invoices:read"] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** What each scope lets a token do, as Account settings shows it. */
export const tokenScopeLabels: Record<TokenScope, string> = {
  "catalog:read": "Read the catalog",
  "orders:read": "Read your orders",
  "orders:write": "Place orders (cart, checkout, order, reorder)",
  "invoices:read": "Download your invoices",
};

/** Every token starts with this, so a leaked one is recognised (e.g. by secret scanners). */
export const tokenPrefix = "cmt_";

export const tokenNameMax = 60;
export const tokenExpiryDaysMax = 366;
/** How many live tokens one account may hold. */
export const tokensPerAccountMax = 20;

export const tokenMessages = {
  created: "Token created: copy it now, it is not shown again",
  revoked: "Token revoked",
  tooMany: `You have ${tokensPerAccountMax} tokens: revoke one before making another`,
  invalid: "That access token is not valid: it may be wrong, revoked or expired",
  missingScope: (scope: TokenScope) => `This access token may not do that: it needs the ${scope} scope`,
  notThroughToken: "This cannot be done with an access token: sign in to the shop",
} as const;

/** `POST /api/account/tokens`. */
export const createTokenBody = z.object({
  name: requiredText("Give the token a name", tokenNameMax),
  scopes: z
    .array(z.enum(tokenScopes, { error: `A scope is one of ${tokenScopes.join(", ")}` }), {
      error: "Choose what the token may do",
    })
    .min(1, "Choose what the token may do")
    .refine((s) => new Set(s).size === s.length, "Each scope once"),
  expiresInDays: z
    .int({ error: "Expires in must be a whole number of days" })
    .min(1, "Expires in must be at least 1 day")
    .max(tokenExpiryDaysMax, `Expires in must be at most ${tokenExpiryDaysMax} days`),
});
export type CreateTokenBody = z.output<typeof createTokenBody>;

export const tokenIdParams = z.object({ id: z.uuid({ error: "That is not a valid token id" }) });

/** A token as it is listed: never the token itself. */
export const tokenAnswer = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  /** The token's first characters (prefix included), to tell tokens apart. */
  start: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Null until it is first used. */
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TokenAnswer = z.output<typeof tokenAnswer>;

export const tokenListAnswer = z.array(tokenAnswer);

/** `POST /api/account/tokens` → 201: the listed fields and, this once, the token. */
export const createdTokenAnswer = tokenAnswer.extend({ token: z.string() });
export type CreatedTokenAnswer = z.output<typeof createdTokenAnswer>;
