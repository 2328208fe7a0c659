import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { Database } from "../db/database";
import { freePort } from "../test/free-port";
import { SmtpInbox } from "../test/smtp-inbox";
import { databaseKinds, openTestDatabase } from "../test/test-env";
import { describeOnPostgres, twoServersOnOnePostgres } from "../test/two-servers";
import { enqueueMail } from "./outbox";
import { createMailSender } from "./sender";
import { outbox } from "./tables";
import { createSmtpTransport } from "./transport";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const message = (n: number) => ({
  kind: "test",
  to: `reader${n}@example.com`,
  subject: `Message ${n}`,
  html: `<p>Message ${n}</p>`,
  text: `Message ${n}`,
});

/** A free port of 127.0.0.1 with nothing listening on it (yet). */

/** An SMTP server on a given port that refuses every message (451) until `accepting`. */
class FlakySmtp {
  accepting = false;
  readonly subjects: string[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((parsed) => {
        if (!this.accepting)
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        this.subjects.push(parsed.subject ?? "");
        callback();
      }, callback);
    },
  });
  listen(port: number) {
    return new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

for (const kind of databaseKinds) {
  const unavailable = kind === "postgres" ? inject("postgresUnavailable") : "";
  (unavailable ? describe.skip : describe)(`mail sender [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.close());

    it("keeps every message through an SMTP server down, then refusing, then back: each arrives once", async () => {
      const { db } = database;
      const port = await freePort();
      const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, "Car Mechanic <no-reply@localhost>");
      const sender = createMailSender(db, { transport, log: quiet, retryDelayMs: () => 150, pollMs: 50 });
      const smtp = new FlakySmtp();
      sender.start();
      try {
        for (let n = 1; n <= 12; n++)
          await enqueueMail(db, { ...message(n), dedupeKey: `down:${kind}:${n}` });
        // Down: nothing listens; every message fails and waits for its next attempt with the error.
        await vi.waitFor(
          async () => {
            const rows = await db.select().from(outbox);
            expect(rows.every((r) => r.attempts >= 1 && r.lastError !== null && r.status !== "sent")).toBe(
              true,
            );
          },
          { timeout: 15_000 },
        );
        // Up but refusing: attempts go on, the refusal is the last error.
        await smtp.listen(port);
        await vi.waitFor(
          async () => {
            const rows = await db.select().from(outbox);
            expect(rows.every((r) => r.lastError?.includes("Try again later"))).toBe(true);
          },
          { timeout: 15_000 },
        );
        smtp.accepting = true;
        await vi.waitFor(
          async () => {
            const rows = await db.select().from(outbox);
            expect(rows.map((r) => r.status)).toEqual(rows.map(() => "sent"));
          },
          { timeout: 15_000 },
        );
        await sender.sendDue();
        expect(smtp.subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Message ${i + 1}`).sort());
      } finally {
        await sender.stop();
        transport.close();
        await smtp.close();
        await db.delete(outbox);
      }
    });

    it("sends while messages keep coming: a steady stream of enqueues does not postpone the sender", async () => {
      const { db } = database;
      // No transport: the sender marks each message kept, which is enough to see that it ran.
      const sender = createMailSender(db, { transport: undefined, log: quiet, pollMs: 10_000 });
      sender.start();
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first, empty pass
      try {
        const until = Date.now() + 1_000;
        let n = 0;
        let keptDuringStream = false;
        while (Date.now() < until) {
          await enqueueMail(db, { ...message(++n), dedupeKey: `stream:${kind}:${n}` });
          await new Promise((resolve) => setTimeout(resolve, 5)); // one every ~5 ms, below the 25 ms nudge
          const [first] = await db
            .select()
            .from(outbox)
            .where(eq(outbox.dedupeKey, `stream:${kind}:1`));
          if (first?.status === "kept") keptDuringStream = true;
        }
        expect(keptDuringStream).toBe(true);
      } finally {
        await sender.stop();
        await db.delete(outbox);
      }
    });

    it("gives up after the last attempt and keeps the error", async () => {
      const { db } = database;
      const port = await freePort();
      const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, "Car Mechanic <no-reply@localhost>");
      const sender = createMailSender(db, { transport, log: quiet, retryDelayMs: () => 0, maxAttempts: 3 });
      await enqueueMail(db, message(1));
      for (let i = 0; i < 5; i++) await sender.sendDue();
      const [row] = await db.select().from(outbox);
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      transport.close();
      await db.delete(outbox);
    });
  });
}

describeOnPostgres("two servers sharing one PostgreSQL", () => {
  const inbox = new SmtpInbox();
  const config: Record<string, string> = {};
  beforeAll(async () => {
    config.SMTP_URL = await inbox.start();
  });
  afterAll(() => inbox.stop());
  const shop = twoServersOnOnePostgres(config);
  const { servers } = shop;

  it("delivers each message once while both servers' senders run", async () => {
    const count = 60;
    await Promise.all(
      Array.from({ length: count }, (_, i) => enqueueMail(shop.db, { ...message(i), dedupeKey: `two:${i}` })),
    );
    // Both senders' loops run; extra passes on both sides race for the same messages too.
    await Promise.all([servers.a.sendDueMail(), servers.b.sendDueMail(), servers.a.sendDueMail()]);
    await vi.waitFor(() => expect(inbox.received.length).toBeGreaterThanOrEqual(count), { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = inbox.received.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Message ${i}`).sort());
    expect(await shop.db.$count(outbox)).toBe(count);
  });
});
