// Requests for the API tests (not a test file itself).
import type { FastifyInstance, InjectOptions } from "fastify";
import type { TestUser } from "./sessions";
import { testOrigin } from "./test-env";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a few tests send on top: the client's address, or headers added to (or replacing) the usual ones. */
export type CallOptions = { remoteAddress?: string; headers?: Record<string, string> };

/** A request as the shop's own page would send it: same-origin, with the user's session cookie. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  who?: TestUser,
  payload?: unknown,
  { remoteAddress, headers }: CallOptions = {},
) {
  const options: InjectOptions = {
    method,
    url,
    headers: { origin: testOrigin, ...(who ? { cookie: who.cookie } : {}), ...headers },
  };
  if (payload !== undefined) options.payload = payload as InjectOptions["payload"];
  if (remoteAddress !== undefined) options.remoteAddress = remoteAddress;
  return app.inject(options);
}
