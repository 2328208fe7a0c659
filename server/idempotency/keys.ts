import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db, Tx } from "#server/db/database";
import { badRequest, conflict, HttpError } from "#server/http/errors";
import { idempotencyKeys } from "./tables";

/** The answer of a request that changed something: stored, then replayed to every retry. */
export type Answer = { status: number; body: unknown };

/**
 * Stores the answer inside the transaction that makes the change, so the change and its answer
 * commit together: a server killed between the commit and the response still replays it.
 */
export type StoreAnswer = (tx: Tx, answer: Answer) => Promise<void>;

export const idempotencyKeyHeader = "idempotency-key";
export const replayedHeader = "idempotent-replayed";

/** What tells two requests with one key apart: their JSON bodies (a retry sends the same bytes). */
export const requestHashOf = (body: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("base64url");

/** How often a failed request's claim is released again while the database is away. */
const releaseRetryMs = 250;

/** Stripe's limits: up to 255 characters; we also keep to visible ASCII (a UUID is a good key). */
const validKey = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyOptions = {
  /** How long a key's first answer is replayed (Stripe: 24 hours). */
  keepMs?: number;
  /**
   * A claim older than this belongs to a server that died mid-request (kill -9, power loss): a
   * retry takes it over and runs the request again. That is safe: a change stores its answer in
   * its own transaction only while it still holds the claim (see `StoreAnswer`).
   */
  leaseMs?: number;
};

/**
 * `Idempotency-Key` with Stripe's semantics, per signed-in user: the same key and body within
 * `keepMs` gets the first (successful) answer again with `Idempotent-Replayed: true`; the same key
 * with another body or route is 422; while a request with the key runs (on any server) a retry is
 * 409. Errors are not stored (nothing was changed): the key is released and a retry runs again.
 * The key rows live in PostgreSQL, so every server sees them.
 */
export function createIdempotencyKeys(
  db: Db,
  { keepMs = 24 * 3600_000, leaseMs = 10_000 }: IdempotencyOptions = {},
) {
  const keep = sql`now() - ${`${keepMs} milliseconds`}::interval`;
  const lease = sql`now() - ${`${leaseMs} milliseconds`}::interval`;
  const byKey = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  /** Claims the key for this request; undefined when another request has it (or had it). */
  async function claim(userId: string, key: string, route: string, requestHash: string, token: string) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash, claimToken: token })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          route,
          requestHash,
          claimToken: token,
          claimedAt: sql`now()`,
          responseStatus: null,
          responseBody: null,
          createdAt: sql`now()`,
        },
        // Past its 24 hours the key is new again; a dead server's claim on the same request is taken over.
        setWhere: or(
          lt(idempotencyKeys.createdAt, keep),
          and(
            sql`${idempotencyKeys.claimToken} is not null`,
            lt(idempotencyKeys.claimedAt, lease),
            eq(idempotencyKeys.route, route),
            eq(idempotencyKeys.requestHash, requestHash),
          ),
        ),
      })
      .returning({ claimToken: idempotencyKeys.claimToken });
    return claimed[0]?.claimToken === token;
  }

  function storeWith(executor: Db | Tx, userId: string, key: string, token: string) {
    return async ({ status, body }: Answer) => {
      const stored = await executor
        .update(idempotencyKeys)
        .set({ claimToken: null, responseStatus: status, responseBody: JSON.stringify(body) })
        .where(and(byKey(userId, key), eq(idempotencyKeys.claimToken, token)))
        .returning({ key: idempotencyKeys.key });
      return stored.length === 1;
    };
  }

  /**
   * Frees a claim whose request failed. When the database is away (the likely reason it failed), it
   * is tried again every `releaseRetryMs` while the lease lasts, so a retry once the database is
   * back runs at once rather than answering 409 until the lease ends. Only a claim still held is
   * deleted: a change that did commit has stored its answer and cleared the claim.
   */
  async function release(userId: string, key: string, token: string, until = Date.now() + leaseMs) {
    try {
      await db.delete(idempotencyKeys).where(and(byKey(userId, key), eq(idempotencyKeys.claimToken, token)));
    } catch {
      if (Date.now() + releaseRetryMs > until) return;
      setTimeout(() => void release(userId, key, token, until), releaseRetryMs).unref();
    }
  }

  return {
    /**
     * Runs `work` for a request that may carry an `Idempotency-Key` and sends its answer. Without
     * the header, `work` simply runs (`storeIn` undefined). With it, `work` runs at most once per
     * key; it should call `storeIn` inside the transaction of its change, else the answer is
     * stored right after.
     */
    async run(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      work: (storeIn: StoreAnswer | undefined) => Promise<Answer>,
    ): Promise<FastifyReply> {
      const key = request.headers[idempotencyKeyHeader];
      if (key === undefined) {
        const answer = await work(undefined);
        return reply.status(answer.status).send(answer.body);
      }
      if (typeof key !== "string" || !validKey.test(key)) {
        throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID");
      }
      const route = `${request.method} ${request.routeOptions.url}`;
      const requestHash = requestHashOf(request.body);
      const token = randomUUID();

      for (let tries = 1; !(await claim(userId, key, route, requestHash, token)); tries++) {
        const [held] = await db.select().from(idempotencyKeys).where(byKey(userId, key));
        if (!held) {
          // Freed between the claim and this read (the request holding it failed): claim it again.
          if (tries < 3) continue;
          reply.header("retry-after", "1");
          throw conflict("A request with this Idempotency-Key just finished; retry it");
        }
        if (held.route !== route || held.requestHash !== requestHash) {
          throw new HttpError(422, "This Idempotency-Key was already used with a different request");
        }
        if (held.responseStatus === null || held.responseBody === null) {
          reply.header("retry-after", "1");
          throw conflict("A request with this Idempotency-Key is still being processed; retry in a moment");
        }
        return reply
          .status(held.responseStatus)
          .header(replayedHeader, "true")
          .header("content-type", "application/json; charset=utf-8")
          .send(held.responseBody);
      }

      let stored = false;
      try {
        const answer = await work(async (tx, answerInTx) => {
          if (!(await storeWith(tx, userId, key, token)(answerInTx))) {
            // Another server took the claim over (this request outlived the lease): roll back.
            throw conflict("A request with this Idempotency-Key is still being processed; retry in a moment");
          }
          stored = true;
        });
        if (!stored) await storeWith(db, userId, key, token)(answer);
        return reply.status(answer.status).send(answer.body);
      } catch (err) {
        // Nothing was changed (or it rolled back with its answer): release the key for a retry.
        await release(userId, key, token);
        throw err;
      }
    },

    /** Deletes the keys past their time; answers how many. */
    async sweep(): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, keep))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

/** How often a listening server deletes keys past their time. */
const sweepEveryMs = 60 * 60 * 1000;

/** Sweeps expired keys when the server starts listening, then hourly; several servers may sweep at once. */
export function idempotencyKeySweep(app: FastifyInstance, keys: IdempotencyKeys): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    keys
      .sweep()
      .catch((err: unknown) =>
        app.log.error({ err }, "the idempotency-key sweep failed; it runs again later"),
      );
  app.addHook("onListen", async () => {
    void sweep();
    timer = setInterval(sweep, sweepEveryMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
