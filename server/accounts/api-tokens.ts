import crypto from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import {
  type CreatedTokenAnswer,
  type CreateTokenBody,
  type TokenAnswer,
  type TokenScope,
  tokenMessages,
  tokenPrefix,
  tokensPerAccountMax,
} from "#contract/api-tokens";
import type { Db } from "#server/db/database";
import { conflict, notFound } from "#server/http/errors";
import { type SessionUser, sessionUser } from "./guards";
import { apiTokens, user } from "./tables";

/** How many characters of a token are kept in clear (`start`), prefix included, to tell tokens apart. */
const startLength = 12;

/**
 * `lastUsedAt` is written at most this often per token: writing it on every request would cost each
 * API call a second round trip to the database (and a row version per call); a minute is as exact as
 * "last used" needs to be in a list.
 */
const lastUseResolutionMs = 60_000;

const dayMs = 86_400_000;

/** SHA-256 of the whole token, hex: what is stored and looked up (a token has 256 random bits, no salt needed). */
export const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** What a request made with a token acts as: the token's user, within its scopes. */
export type TokenHolder = { user: SessionUser; scopes: TokenScope[]; tokenId: string };

type TokenRow = typeof apiTokens.$inferSelect;

function answerOf(row: TokenRow): TokenAnswer {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Personal access tokens (issue 29): made and revoked by their user, checked on each request that sends one. */
export function createApiTokensService(db: Db) {
  return {
    /** A new token for `userId`: its text is in this answer only; the table keeps its hash. */
    async create(userId: string, body: CreateTokenBody): Promise<CreatedTokenAnswer> {
      const token = tokenPrefix + crypto.randomBytes(32).toString("base64url");
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        // The user's row locked: two requests at once cannot both make the 20th token.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
        const [live] = await tx
          .select({ n: count() })
          .from(apiTokens)
          .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)));
        if ((live?.n ?? 0) >= tokensPerAccountMax) throw conflict(tokenMessages.tooMany);
        const [inserted] = await tx
          .insert(apiTokens)
          .values({
            userId,
            name: body.name,
            tokenHash: tokenHash(token),
            start: token.slice(0, startLength),
            scopes: body.scopes,
            expiresAt: new Date(now.getTime() + body.expiresInDays * dayMs),
          })
          .returning();
        if (!inserted) throw new Error("insert returned no row");
        return inserted;
      });
      return { ...answerOf(row), token };
    },

    /** The user's tokens, newest first (expired ones included, until revoked); never their hashes. */
    async list(userId: string): Promise<TokenAnswer[]> {
      const rows = await db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
      return rows.map(answerOf);
    },

    /** Deletes one of the user's tokens: refused from its next request on. Another user's token: 404. */
    async revoke(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      if (deleted.length === 0) throw notFound("No such token");
    },

    /**
     * The user and scopes of a token sent as `Authorization: Bearer`, read with the user in one query
     * by the token's hash; undefined when no such token, or it expired (expiresAt ≤ now).
     */
    async authenticate(token: string): Promise<TokenHolder | undefined> {
      const now = new Date();
      const [found] = await db
        .select({
          tokenId: apiTokens.id,
          scopes: apiTokens.scopes,
          expiresAt: apiTokens.expiresAt,
          lastUsedAt: apiTokens.lastUsedAt,
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            role: user.role,
            image: user.image,
            emailVerified: user.emailVerified,
          },
        })
        .from(apiTokens)
        .innerJoin(user, eq(user.id, apiTokens.userId))
        .where(eq(apiTokens.tokenHash, tokenHash(token)))
        .limit(1);
      if (!found || found.expiresAt <= now) return undefined;
      const staleBefore = new Date(now.getTime() - lastUseResolutionMs);
      if (!found.lastUsedAt || found.lastUsedAt < staleBefore) {
        // Conditional: of several servers (or requests) at once, one writes.
        await db
          .update(apiTokens)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiTokens.id, found.tokenId),
              or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore)),
            ),
          );
      }
      return { user: sessionUser(found.user), scopes: found.scopes, tokenId: found.tokenId };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
