/**
 * The email and name the stand-in Google (e2e/oidc-server.ts) reports for a login typed on its
 * sign-in page: a login that is an email address is the email; any other gets @oidc.test.
 */
export function oidcIdentity(login: string): { email: string; name: string } {
  const local = login.split("@")[0] ?? login;
  const email = login.includes("@") ? login : `${login}@oidc.test`;
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => `${part[0]?.toUpperCase() ?? ""}${part.slice(1)}`)
    .join(" ");
  return { email, name: name || "Google User" };
}
