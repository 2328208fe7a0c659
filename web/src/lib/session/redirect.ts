/**
 * The page a visitor asked for, carried to /login as `?redirect=`: only a page of this shop, as a path
 * (`/tools/1?x#y`), or undefined. The value is read by the URL parser against the shop's own origin,
 * exactly as the browser will read it (dot segments, `%2e`, backslashes, tabs and line breaks
 * resolved), so the forms that look like a path but leave the shop (`/\t/evil.host/`, `//evil`,
 * `/\evil`, `https://evil`, `javascript:`) never pass. The path it gives is then read once more, as
 * the browser reads a link's href: one that resolution turned into a host (`/.//evil`, `/x/..//evil`
 * → `//evil`) leaves the shop there, so it never passes either.
 */
export function safeRedirect(
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | undefined {
  const target = pathOnShop(value, origin);
  // Only a path that reads as itself again: the href a link gets, and where it goes, are the same.
  return target !== undefined && pathOnShop(target, origin) === target ? target : undefined;
}

/** `value` read against `origin` as the browser reads an href: its path, query and fragment if it stays there. */
function pathOnShop(value: string | null | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  // Never back to the sign-in screens themselves.
  if (/^\/(login|signup)(?:\/|$)/i.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, remembering the page to return to afterwards. */
export function loginPath(returnTo: string, origin?: string): string {
  const target = safeRedirect(returnTo, origin);
  return target && target !== "/" ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}
