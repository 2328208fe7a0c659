// A real SMTP server for the mail tests (not a test file itself): it takes every message sent to it
// on 127.0.0.1 and keeps it parsed by mailparser.
import type { AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, vi } from "vitest";
import type { Db } from "../db/database";
import { outbox } from "../mail/tables";

export type ReceivedMail = { to: string; subject: string; html: string; text: string; parsed: ParsedMail };

export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ""));
          for (const address of to) {
            this.received.push({
              to: address,
              subject: parsed.subject ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              text: parsed.text ?? "",
              parsed,
            });
          }
          callback();
        })
        .catch(callback);
    },
  });

  /** Listens on a free port of 127.0.0.1; answers the SMTP_URL that reaches it. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The messages to `to` whose subject contains `subject` and whose text contains `about`. */
  to(to: string, subject = "", about = ""): ReceivedMail[] {
    return this.received.filter((m) => m.to === to && m.subject.includes(subject) && m.text.includes(about));
  }

  /** Waits for the one message to `to` with `subject` (and `about` in its text), then a little longer for any copy. */
  async one(to: string, subject: string, about = ""): Promise<ReceivedMail> {
    await vi.waitFor(() => expect(this.to(to, subject, about).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const found = this.to(to, subject, about);
    expect(found, `messages to ${to} about "${subject}" ${about}`).toHaveLength(1);
    return found[0] as ReceivedMail;
  }
}

/** Waits until the sender has handed every message of the outbox over (none waiting or being sent). */
export async function outboxDrained(db: Db): Promise<void> {
  await vi.waitFor(
    async () => expect(await db.$count(outbox, inArray(outbox.status, ["waiting", "sending"]))).toBe(0),
    { timeout: 10_000 },
  );
}
