import { useSyncExternalStore } from "react";
import { signedInHintCookie } from "#contract/session-hint";
import { noChanges } from "../rendered-page";

/**
 * Whether this browser holds a session cookie, as far as the page can tell: the server sets a readable
 * hint beside the httpOnly session cookie (server/accounts/session-hint.ts). Only for drawing the
 * navigation bar before the session check answers; it proves nothing.
 */
export function signedInHint(): boolean {
  return document.cookie.split("; ").includes(`${signedInHintCookie}=1`);
}

/** Drops a hint that outlived its session (a session the server ended without clearing it). */
export function forgetSignedInHint(): void {
  // The mark index.html's first script set from the hint (AccountNav draws the signed-in bar by it).
  document.documentElement.classList.remove("signed-in");
  if (!signedInHint()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed string; the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${signedInHintCookie}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * signedInHint() for rendering: the server draws every visitor's page alike (no hint), so a page it
 * rendered hydrates without one, then shows the hint.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(noChanges, signedInHint, () => false);
}
