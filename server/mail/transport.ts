import nodemailer from "nodemailer";

/** One message as it leaves the shop. */
export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutgoingAttachment[];
};

/** A file sent with a message (nodemailer's attachment: name, bytes, type). */
export type OutgoingAttachment = { filename: string; content: Buffer; contentType: string };

/** Where the sender hands messages over; `send` throws when the server is down or refuses. */
export type MailTransport = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/**
 * An SMTP server through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or
 * `smtps://...` (TLS from the start). A new connection per message, so a server that was down is
 * tried afresh on the next attempt.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A server that does not answer is an attempt that failed, retried later, not a sender stuck.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}
