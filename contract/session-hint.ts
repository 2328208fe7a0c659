// The signed-in hint: a readable cookie the server sets and clears beside Better Auth's httpOnly
// session cookie (server/accounts/session-hint.ts), so the web app can draw the signed-in navigation
// bar at once instead of waiting for the session check. It holds no identity and grants nothing: the
// server never reads it, and every signed-in call is still checked against the session cookie.

/** The hint cookie's name; its value is "1" while a session cookie exists. */
export const signedInHintCookie = "signed_in";
