import type { RateLimiter } from "../rate-limits/rate-limiter";
import type { Auth } from "./auth";

/**
 * Failed sign-ins allowed per account (its email, whatever address they come from) in a window;
 * then the account refuses password sign-ins until the window ends. A successful sign-in ends the
 * window; a sign-in sent with a live session of the same account (a known device) is never refused.
 */
export const accountSignInRule = { limit: 10, windowMs: 15 * 60_000 };

export const signInPath = "/api/auth/sign-in/email";

/** The account a sign-in body names, as Better Auth looks it up (trimmed, lower case); undefined for no email. */
export function signInAccount(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const email = (body as { email?: unknown }).email;
  if (typeof email !== "string") return undefined;
  const key = email.trim().toLowerCase();
  // No account has a longer email (sign-up takes 150 characters); Better Auth refuses it anyway.
  return key !== "" && key.length <= 254 ? key : undefined;
}

/** Whether the request carries a live session of `account` (a device its owner is signed in on). */
export async function isSignedInAs(auth: Auth, headers: Headers, account: string): Promise<boolean> {
  if (!headers.has("cookie")) return false;
  try {
    const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    return session?.user.email.toLowerCase() === account;
  } catch {
    return false;
  }
}

/** The refusal's message: when the account may try again. */
export function accountLockedMessage(waitSeconds: number): string {
  const when =
    waitSeconds >= 60
      ? plural(Math.ceil(waitSeconds / 60), "minute")
      : plural(Math.max(1, Math.ceil(waitSeconds)), "second");
  return `Too many failed sign-ins for this account. Please try again in ${when}.`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * One password sign-in under the account's limit. The attempt is counted before the password is
 * checked, so parallel guesses cannot all slip in before the first failure is counted; an attempt
 * that did not fail on the password (refused for another reason) is taken back, a success ends
 * the window. Resolves to the handler's response, or to the seconds to wait when refused.
 */
export async function withAccountLimit(
  limiter: RateLimiter,
  account: string,
  knownDevice: boolean,
  signIn: () => Promise<Response>,
): Promise<Response | { waitSeconds: number }> {
  if (!knownDevice) {
    const waitSeconds = await limiter.hit(account);
    if (waitSeconds !== undefined) return { waitSeconds };
  }
  let response: Response | undefined;
  try {
    response = await signIn();
    return response;
  } finally {
    if (response?.ok) await limiter.reset(account);
    else if (!knownDevice && response?.status !== 401) await limiter.undo(account);
  }
}
