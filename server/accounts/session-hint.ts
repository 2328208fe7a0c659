import { signedInHintCookie } from "../../contract/session-hint";

/** Better Auth's session cookie (`__Secure-` on https), by its default prefix. */
const sessionCookie = /^(?:__Secure-)?better-auth\.session_token=/;

/** The attributes the hint copies from the session cookie, so both live and end together. */
const sharedAttribute = /^(?:max-age|expires|path|domain|secure|samesite)(?:=|$)/i;

/**
 * A Better Auth answer's Set-Cookie headers, plus the signed-in hint (contract/session-hint.ts)
 * wherever the session cookie is set or cleared: sign-in, sign-up, an identity provider's callback,
 * a session's refresh, sign-out, an ended session. The hint has the session cookie's lifetime but not
 * its HttpOnly, and says only "1" (or nothing, when the session cookie is cleared).
 */
export function withSignedInHint(cookies: string[]): string[] {
  const session = cookies.find((cookie) => sessionCookie.test(cookie));
  return session ? [...cookies, hintBeside(session)] : cookies;
}

function hintBeside(session: string): string {
  const [pair = "", ...attributes] = session.split(";").map((part) => part.trim());
  const cleared = pair.endsWith("=") || attributes.some((a) => /^max-age=0$/i.test(a));
  const shared = attributes.filter((a) => sharedAttribute.test(a));
  return [`${signedInHintCookie}=${cleared ? "" : "1"}`, ...shared].join("; ");
}
