import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database";
import { createMailSender, type MailSenderOptions } from "./sender";
import { createSmtpTransport } from "./transport";

declare module "fastify" {
  interface FastifyInstance {
    /** One pass of the mail sender, as the running server makes it: how many messages it claimed. */
    sendDueMail(): Promise<number>;
  }
}

/**
 * The outbox's delivery for this server: through SMTP_URL, or kept in the outbox without it. The
 * sender runs once the app is ready (API tests' apps too, which never listen); closing the app
 * stops it after the pass under way.
 * Answers what to do with an account link once mailed: without SMTP, print it in the log.
 */
export function mailDelivery(
  app: FastifyInstance,
  deps: {
    db: Db;
    smtpUrl: string | undefined;
    mailFrom: string;
    /** The bytes of the files messages carry (the invoices' PDFs). */
    attachments?: MailSenderOptions["attachments"];
  },
) {
  const transport = deps.smtpUrl ? createSmtpTransport(deps.smtpUrl, deps.mailFrom) : undefined;
  const sender = createMailSender(deps.db, { transport, log: app.log, attachments: deps.attachments });
  app.decorate("sendDueMail", sender.sendDue);
  app.addHook("onReady", async () => {
    if (!transport) app.log.info("No SMTP_URL: mail is kept in the outbox (the dashboard's Outbox page)");
    sender.start();
  });
  app.addHook("onClose", async () => {
    await sender.stop();
    transport?.close();
  });
  const logLink = (link: { kind: string; email: string; url: string }) =>
    app.log.info(
      { kind: link.kind, to: link.email, url: link.url },
      `${link.kind} link for ${link.email}: ${link.url}`,
    );
  return { onAccountLink: transport ? undefined : logLink };
}
