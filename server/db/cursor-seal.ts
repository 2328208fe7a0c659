import crypto from "node:crypto";
import { invalidCursor } from "./keyset";

// A cursor travels sealed (decision 013, issue 22): the keyset's token, a dot, and an HMAC-SHA256 of
// the list's route and the token under a key derived from the server's secret (AUTH_SECRET, which
// every server of a shop shares). So a cursor works on every server of the shop and only on the list
// that issued it, and any cursor the shop did not issue (forged, or changed by a single character)
// is refused with the same 400 as a malformed one before anything reads it.

export type CursorSeal = ReturnType<typeof createCursorSeal>;

export function createCursorSeal(secret: string) {
  // A key of its own, so a cursor's MAC can never stand for anything else signed with the secret.
  const key = crypto.createHmac("sha256", secret).update("car-mechanic list cursors").digest();
  // Compared as text: base64 decoding would let a changed last character stand for the same bytes.
  const macOf = (list: string, token: string) =>
    crypto.createHmac("sha256", key).update(`${list}\n${token}`).digest("base64url");

  return {
    /** The token as the API sends it, for the list at route `list` (e.g. "/api/allOrder"). */
    seal(token: string, list: string): string {
      return `${token}.${macOf(list, token)}`;
    },

    /** The keyset's token of a cursor this shop sealed for `list`; a 400 for any other. */
    open(cursor: string, list: string): string {
      const dot = cursor.lastIndexOf(".");
      const token = cursor.slice(0, dot);
      const mac = Buffer.from(cursor.slice(dot + 1));
      const expected = Buffer.from(macOf(list, token));
      if (dot < 1 || mac.length !== expected.length || !crypto.timingSafeEqual(mac, expected)) {
        throw invalidCursor();
      }
      return token;
    },
  };
}
