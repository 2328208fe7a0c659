// A real OpenID Connect provider on 127.0.0.1 standing in for Google in the browser tests
// (decisions.md: "Tests drive a real OIDC server on 127.0.0.1 standing in for Google").
// Its stock development pages sign anyone in: any login and password work; the login becomes the
// account's subject, and an email address typed as the login is the account's email.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { oidcIdentity } from "./oidc-identity";

export type OidcServer = {
  /** The issuer URL, e.g. http://127.0.0.1:43121 (its discovery document is under it). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

export const oidcClient = { clientId: "car-mechanic-e2e", clientSecret: "car-mechanic-e2e-secret" };

/**
 * Starts the provider on a free port of 127.0.0.1 with one confidential client whose only redirect
 * URI is the shop's Better Auth callback for the "google" provider (`/api/auth/callback/google`).
 */
export async function startOidcServer(shopUrl: string): Promise<OidcServer> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: oidcClient.clientId,
        client_secret: oidcClient.clientSecret,
        redirect_uris: [`${shopUrl}/api/auth/callback/google`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // Better Auth sends the client secret in the token request's body.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx, sub) {
      const { email, name } = oidcIdentity(sub);
      return { accountId: sub, claims: async () => ({ sub, email, email_verified: true, name }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["car-mechanic-e2e-oidc-cookies"] },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    ...oidcClient,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
