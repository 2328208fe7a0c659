import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createdTokenAnswer, createTokenBody, tokenIdParams, tokenListAnswer } from "#contract/api-tokens";
import { parseInput } from "#server/http/errors";
import { signedInUser } from "./access";
import type { ApiTokensService } from "./api-tokens";

/** `DELETE /api/account/tokens/:id`'s answer. */
const revokedAnswer = z.object({ revoked: z.literal(true) });

const tags = ["Access tokens"];

/**
 * Account settings' personal access tokens. `user` routes with no scope: only a signed-in person
 * (session cookie) makes, lists and revokes tokens; a token itself cannot (403).
 */
export function tokenRoutes(app: FastifyInstance, deps: { tokens: ApiTokensService }) {
  app.post(
    "/api/account/tokens",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Make a personal access token",
        description: "The answer holds the token itself, this once: only its hash is kept.",
        body: createTokenBody,
        response: { 201: createdTokenAnswer },
      },
    },
    async (request, reply) => {
      const body = parseInput(createTokenBody, request.body);
      const created = await deps.tokens.create(signedInUser(request).id, body);
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  app.get(
    "/api/account/tokens",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Your personal access tokens, newest first",
        description: "With each one's first characters and last use; never the token itself.",
        response: { 200: tokenListAnswer },
      },
    },
    async (request) => deps.tokens.list(signedInUser(request).id),
  );

  app.delete(
    "/api/account/tokens/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Revoke one of your personal access tokens",
        description: "Refused from its next request on.",
        params: tokenIdParams,
        response: { 200: revokedAnswer },
      },
    },
    async (request) => {
      const { id } = parseInput(tokenIdParams, request.params);
      await deps.tokens.revoke(signedInUser(request).id, id);
      return { revoked: true as const };
    },
  );
}
