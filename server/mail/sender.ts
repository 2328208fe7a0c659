import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database";
import { type MailAttachment, onMailEnqueued } from "./outbox";
import { outbox } from "./tables";
import type { MailTransport, OutgoingAttachment } from "./transport";

export type MailSenderOptions = {
  /** Undefined (no SMTP_URL): messages are marked kept and stay in the outbox for admins to read. */
  transport: MailTransport | undefined;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** After this many failed attempts a message is marked failed and no longer tried. */
  maxAttempts?: number;
  /** The wait before the next attempt after `attempts` failed ones. */
  retryDelayMs?: (attempts: number) => number;
  /** How long a claim lasts: a sender that died mid-send leaves its messages to others after this. */
  claimMs?: number;
  /** The fallback look for due messages (retries, and messages enqueued by another server). */
  pollMs?: number;
  batchSize?: number;
  /**
   * The bytes of a message's attachments (stored as references): the invoices' PDFs. A failure is a
   * failed attempt, tried again later. Without it, a message with attachments is not sent.
   */
  attachments?: (refs: readonly MailAttachment[]) => Promise<OutgoingAttachment[]>;
};

/** 30 s, 1 min, 2 min, ... up to an hour: about a day and a half of tries over the 10 attempts. */
export const defaultRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

type Row = typeof outbox.$inferSelect;

/**
 * Delivers the outbox. Each pass claims due messages in one statement (`FOR UPDATE SKIP LOCKED`,
 * marking them sending until the claim ends), sends them outside any transaction, then marks each
 * sent, or waiting again with a backoff and the error, or failed after the last attempt. Several
 * servers on one PostgreSQL never claim the same message, so each is sent once; a server that dies
 * between sending and marking sent leaves the message to be sent again after the claim ends.
 */
export function createMailSender(db: Db, options: MailSenderOptions) {
  const { transport, log } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const claimMs = options.claimMs ?? 5 * 60_000;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;

  function claimDue(status: "sending" | "kept"): Promise<Row[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ["waiting", "sending"]), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.nextAttemptAt)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const claim =
      status === "kept"
        ? { status }
        : {
            status,
            attempts: sql`${outbox.attempts} + 1`,
            nextAttemptAt: sql`now() + ${claimMs} * interval '1 millisecond'`,
          };
    return db.update(outbox).set(claim).where(inArray(outbox.id, due)).returning();
  }

  async function deliver(message: Row, to: MailTransport): Promise<void> {
    const mine = and(eq(outbox.id, message.id), eq(outbox.status, "sending"));
    try {
      const refs = (message.attachments ?? []) as MailAttachment[];
      let attachments: OutgoingAttachment[] | undefined;
      if (refs.length > 0) {
        if (!options.attachments) throw new Error("this sender cannot resolve attachments");
        attachments = await options.attachments(refs);
      }
      await to.send({
        to: message.recipient,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(attachments && { attachments }),
      });
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const giveUp = message.attempts >= maxAttempts;
      await db
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "waiting",
          lastError,
          nextAttemptAt: sql`now() + ${retryDelayMs(message.attempts)} * interval '1 millisecond'`,
        })
        .where(mine);
      const level = giveUp ? "error" : "warn";
      log[level](
        { mailId: message.id, kind: message.kind, attempts: message.attempts, err: lastError },
        giveUp ? "gave up sending a message" : "sending a message failed; it is tried again later",
      );
      return;
    }
    await db.update(outbox).set({ status: "sent", sentAt: sql`now()`, lastError: null }).where(mine);
  }

  /** One pass: claims up to batchSize due messages and sends (or keeps) them; how many it claimed. */
  async function sendDue(): Promise<number> {
    if (!transport) {
      const kept = await claimDue("kept");
      for (const m of kept)
        log.info({ mailId: m.id, kind: m.kind, to: m.recipient }, "mail kept in the outbox (no SMTP_URL)");
      return kept.length;
    }
    const claimed = await claimDue("sending");
    await Promise.all(claimed.map((m) => deliver(m, transport)));
    return claimed.length;
  }

  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};

  let dueAt = Number.POSITIVE_INFINITY;

  /** The next pass in `ms`, unless one is due sooner (a steady stream of nudges must not keep postponing it). */
  function schedule(ms: number) {
    if (timer !== undefined && Date.now() + ms >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      run();
    }, ms);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendDue()
      .then((claimed) => claimed === batchSize || again)
      .catch((err: unknown) => {
        log.error({ err }, "the mail sender's pass failed; it runs again shortly");
        return false;
      })
      .then((more) => {
        running = undefined;
        if (!stopped) schedule(more ? 0 : pollMs);
      });
  }

  return {
    sendDue,
    /** Sends due messages every pollMs, and promptly after an enqueue in this process. */
    start() {
      if (!stopped) return;
      stopped = false;
      // The enqueuing transaction commits just after enqueueMail returns: look a moment later.
      unsubscribe = onMailEnqueued(() => schedule(25));
      schedule(0);
    },
    /** Stops the loop after the pass under way ends. */
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      timer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      await running;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
