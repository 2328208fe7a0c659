import { type CreateTokenBody, type TokenAnswer, tokenScopeLabels, tokenScopes } from "#contract/api-tokens";

// The "New access token" form: the contract's createTokenBody checks it (the server checks the same
// object), so the messages under the fields are the server's words.

export const tokenExpiryDaysDefault = 90;

export type TokenFormValues = CreateTokenBody;

export const emptyTokenForm: TokenFormValues = {
  name: "",
  scopes: [],
  expiresInDays: tokenExpiryDaysDefault,
};

/** The scope checkboxes, in the contract's order, with its labels. */
export const scopeOptions = tokenScopes.map((scope) => ({ value: scope, label: tokenScopeLabels[scope] }));

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * How a listed token reads: its scopes' labels, its dates ("Expired on …" once `now` is past its
 * end), and "Never used" until its first use.
 */
export function tokenDisplay(token: TokenAnswer, now = new Date()) {
  const expiresAt = new Date(token.expiresAt);
  return {
    scopes: token.scopes.map((s) => tokenScopeLabels[s]),
    created: day.format(new Date(token.createdAt)),
    expires: expiresAt <= now ? `Expired on ${day.format(expiresAt)}` : day.format(expiresAt),
    lastUsed: token.lastUsedAt === null ? "Never used" : moment.format(new Date(token.lastUsedAt)),
  };
}
