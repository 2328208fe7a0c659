// oidc-provider ships no type declarations: the little of it the browser tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AccountClaims = Record<string, unknown> & { sub: string };
  export type Account = { accountId: string; claims: () => Promise<AccountClaims> };

  export type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: "client_secret_post" | "client_secret_basic";
  };

  export type Configuration = {
    clients: ClientMetadata[];
    findAccount: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: { devInteractions?: { enabled: boolean } };
    cookies?: { keys?: string[] };
    conformIdTokenClaims?: boolean;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
