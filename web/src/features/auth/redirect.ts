/** The page a visitor asked for, carried to /login as `?redirect=`: only a path of this shop. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  // Never back to the sign-in screens themselves.
  if (/^\/(login|signup)(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}

/** /login, remembering the page to return to afterwards. */
export function loginPath(returnTo: string): string {
  const target = safeRedirect(returnTo);
  return target && target !== "/" ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}
