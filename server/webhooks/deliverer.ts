import http from "node:http";
import https from "node:https";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import { webhookGiveUpHours } from "../../contract/webhooks";
import type { Db } from "../db/database";
import { onWebhooksAnnounced } from "./events";
import { switchedOffReason, tellAdminsSwitchedOff } from "./switched-off";
import { webhookDeliveries, webhookEndpoints } from "./tables";

/** The waits after the 1st, 2nd, … failed attempt; every 8 hours after the last, until the give-up. */
export const webhookRetryDelaysMs = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
] as const;

const hourMs = 3_600_000;
const giveUpMs = webhookGiveUpHours * hourMs;

export const webhookRetryDelayMs = (attempts: number) =>
  webhookRetryDelaysMs[Math.min(Math.max(attempts, 1), webhookRetryDelaysMs.length) - 1] ?? 8 * hourMs;

export type WebhookDelivererOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: connections to private addresses are allowed. */
  allowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: an attempt gives up waiting for the answer after this long. */
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** The admins' mail links to the shop. */
  shopUrl: string;
  /** How long a claim lasts: a server that died mid-post leaves its deliveries to others after it. */
  leaseMs?: number;
  /** The fallback look for due deliveries (retries, and events recorded by another server). */
  pollMs?: number;
  batchSize?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
};

type Claimed = typeof webhookDeliveries.$inferSelect & { url: string; secret: string };
type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * Delivers the webhooks' outbox (webhook_deliveries). Each pass claims due pending deliveries of
 * enabled endpoints in a short transaction (`FOR UPDATE SKIP LOCKED`) and leases them (the next
 * attempt pushed past the lease, attempts + 1), so two servers never post one delivery at once; it
 * posts each OUTSIDE any transaction, then records the outcome: delivered, or pending again after a
 * backoff, or failed 24 hours after it was recorded. A server that dies between the post and the
 * record leaves the delivery to be posted again after the lease: at least once, never lost.
 */
export function createWebhookDeliverer(db: Db, options: WebhookDelivererOptions) {
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.timeoutMs * 3);
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const clock = options.now ?? (() => new Date());
  // Each connection is checked against the address it resolved to: no DNS rebinding past the guard.
  const agentOptions = { allowPrivateIPAddress: options.allowPrivate, keepAlive: false };
  const agents = {
    http: new RequestFilteringHttpAgent(agentOptions),
    https: new RequestFilteringHttpsAgent(agentOptions),
  };

  function claimDue(now: Date): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const due = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookDeliveries.status, "pending"),
            lte(webhookDeliveries.nextAttemptAt, now),
            eq(webhookEndpoints.enabled, true),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(batchSize)
        .for("update", { of: webhookDeliveries, skipLocked: true });
      const leased = await tx
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + leaseMs),
          lastAttemptAt: now,
        })
        .where(inArray(webhookDeliveries.id, due))
        .returning();
      if (leased.length === 0) return [];
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            leased.map((d) => d.endpointId),
          ),
        );
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      return leased.flatMap((d) => {
        const endpoint = byId.get(d.endpointId);
        return endpoint ? [{ ...d, url: endpoint.url, secret: endpoint.secret }] : [];
      });
    });
  }

  /** Posts one delivery, signed; never throws. No redirect is followed (a 3xx is a failed attempt). */
  function post(delivery: Claimed, now: Date): Promise<Outcome> {
    const body = JSON.stringify(delivery.payload);
    let signature: string;
    try {
      signature = new Webhook(delivery.secret).sign(delivery.messageId, now, body);
    } catch (err) {
      return Promise.resolve({ ok: false, status: null, error: `Could not sign: ${messageOf(err)}` });
    }
    const url = new URL(delivery.url);
    const send = url.protocol === "https:" ? https.request : http.request;
    return new Promise<Outcome>((resolve) => {
      const request = send(
        url,
        {
          method: "POST",
          agent: url.protocol === "https:" ? agents.https : agents.http,
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "CarMechanic-Webhooks/1",
            "webhook-id": delivery.messageId,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": signature,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          // The status is the answer; the body is not read (a receiver cannot make us download it).
          response.on("error", () => {});
          response.destroy();
          if (status >= 200 && status < 300) resolve({ ok: true, status });
          else resolve({ ok: false, status, error: `The receiver answered ${status}` });
        },
      );
      request.on("error", (err) => resolve({ ok: false, status: null, error: describeFailure(err) }));
      request.end(body);
    });
  }

  function describeFailure(err: Error): string {
    if (err.name === "TimeoutError" || err.name === "AbortError") {
      return `No answer within ${options.timeoutMs.toLocaleString("en-US")} ms`;
    }
    if (/is not allowed/.test(err.message)) {
      return `Not connected: the address resolved to a private, loopback or link-local network (${err.message})`;
    }
    return `Could not connect: ${err.message}`;
  }

  /** Records an attempt's outcome (only while the lease is still ours), and switches a long-failing endpoint off. */
  async function record(delivery: Claimed, outcome: Outcome, now: Date): Promise<void> {
    const ours = and(
      eq(webhookDeliveries.id, delivery.id),
      eq(webhookDeliveries.status, "pending"),
      eq(webhookDeliveries.attempts, delivery.attempts),
    );
    await db.transaction(async (tx) => {
      // The endpoint's row first, as deleting it locks it before its deliveries: no deadlock.
      const [held] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, delivery.endpointId))
        .for("update");
      if (!held) return;
      if (outcome.ok) {
        await tx
          .update(webhookDeliveries)
          .set({
            status: "delivered",
            deliveredAt: now,
            nextAttemptAt: null,
            lastStatusCode: outcome.status,
            lastError: null,
          })
          .where(ours);
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, delivery.endpointId));
        return;
      }
      const giveUp = now.getTime() - delivery.createdAt.getTime() >= giveUpMs;
      await tx
        .update(webhookDeliveries)
        .set({
          status: giveUp ? "failed" : "pending",
          nextAttemptAt: giveUp ? null : new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts)),
          lastStatusCode: outcome.status,
          lastError: outcome.error.slice(0, 1000),
        })
        .where(ours);
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, delivery.endpointId))
        .returning();
      if (!endpoint?.enabled || !endpoint.failingSince) return;
      if (now.getTime() - endpoint.failingSince.getTime() < giveUpMs) return;
      const [switchedOff] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: switchedOffReason(now) })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      if (!switchedOff) return;
      await tellAdminsSwitchedOff(
        tx,
        { ...endpoint, failingSince: endpoint.failingSince, lastError: outcome.error },
        now,
        options.shopUrl,
      );
      options.log.warn(
        { endpointId: endpoint.id, url: endpoint.url },
        "a webhook endpoint failed for 24 hours and was switched off",
      );
    });
  }

  /** One pass at `now` (the clock's by default): claims due deliveries and posts them; how many it claimed. */
  async function sendDue(now: Date = clock()): Promise<number> {
    const claimed = await claimDue(now);
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await post(delivery, now);
        await record(delivery, outcome, now);
        if (!outcome.ok) {
          options.log.warn(
            {
              deliveryId: delivery.id,
              event: delivery.event,
              attempts: delivery.attempts,
              err: outcome.error,
            },
            "a webhook delivery failed; it is tried again later",
          );
        }
      }),
    );
    return claimed.length;
  }

  // The loop: a pass every pollMs, at once after an announcement, again at once while batches are full.
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let rerun = false;
  let unsubscribe = () => {};

  let dueAt = Number.POSITIVE_INFINITY;

  /** The next pass in `ms`, unless one is due sooner (a stream of announcements must not postpone it). */
  function wake(ms: number) {
    if (stopped || (timer !== undefined && Date.now() + ms >= dueAt)) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      pass();
    }, ms);
    timer.unref();
  }

  function pass() {
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    rerun = false;
    running = sendDue()
      .then(
        (claimed) => claimed === batchSize,
        (err: unknown) => {
          options.log.error({ err }, "the webhook deliverer's pass failed; it runs again shortly");
          return false;
        },
      )
      .then((full) => {
        running = undefined;
        wake(full || rerun ? 0 : pollMs);
      });
  }

  return {
    sendDue,
    /** Delivers every pollMs, and promptly after an event is announced in this process. */
    start() {
      if (!stopped) return;
      stopped = false;
      // The recording transaction commits just after the announcement: look a moment later.
      unsubscribe = onWebhooksAnnounced(() => wake(25));
      wake(0);
    },
    /** Stops the loop after the pass under way. */
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      timer = undefined;
      await running;
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
